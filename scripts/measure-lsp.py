#!/usr/bin/env python3
"""The language server on a 50 KB Markdown file (the README repeated), in a project set to en-US:
time to answer initialize, the first check, new diagnostics after one-character edits, and the
resident memory. Usage: scripts/measure-lsp.py .build/release/supertext"""
import json, os, subprocess, sys, tempfile, time, random
exe = os.path.abspath(sys.argv[1])
root = tempfile.mkdtemp(prefix="supertext-lsp-")
open(os.path.join(root, ".supertext.toml"), "w").write('language = "en-US"\n')
random.seed(1)
text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")).read()
while len(text.encode()) < 50000: text += "\n\n" + text
text = text[:52000]
p = subprocess.Popen([exe, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=root)
def send(m):
    b = json.dumps(m).encode(); p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def recv():
    h = b""
    while not h.endswith(b"\r\n\r\n"):
        c = p.stdout.read(1)
        if not c: raise SystemExit("closed")
        h += c
    n = int(h.split(b":")[1].split(b"\r")[0]); return json.loads(p.stdout.read(n))
t = time.time(); send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}); recv()
print("initialize answered in %.3f s" % (time.time()-t))
send({"jsonrpc":"2.0","method":"initialized","params":{}})
u = "file://" + root + "/big.md"
t = time.time(); send({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":u,"languageId":"markdown","version":1,"text":text}}}); m = recv()
print("first check of %d bytes: %.3f s, %d diagnostics" % (len(text.encode()), time.time()-t, len(m["params"]["diagnostics"])))
lines = text.split("\n"); times = []
for v in range(2, 22):
    line = random.randrange(len(lines))
    send({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":u,"version":v},"contentChanges":[{"range":{"start":{"line":line,"character":0},"end":{"line":line,"character":0}},"text":"x"}]}})
    t = time.time(); recv(); times.append(time.time()-t)
times.sort(); print("after a one-character edit: median %.1f ms, max %.1f ms (20 edits)" % (times[10]*1000, times[-1]*1000))
rss = int([l for l in open("/proc/%d/status" % p.pid) if l.startswith("VmRSS")][0].split()[1]) // 1024
print("resident: %d MB" % rss)
send({"jsonrpc":"2.0","id":2,"method":"shutdown"}); recv(); send({"jsonrpc":"2.0","method":"exit"}); p.wait()
