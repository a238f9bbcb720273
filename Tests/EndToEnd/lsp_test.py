"""End-to-end tests of `supertext lsp` with a real LSP client (pytest-lsp, on pygls).

Run by lsp.sh, which sets SUPERTEXT to the binary. Each test starts its own server on a
temporary workspace (the test's tmp_path, given as rootUri and workspace folder), so the
commands that write `.supertext.toml` and the project dictionary never touch the repository.
The language comes from initializationOptions (en-US) rather than detection: detection would
load other languages' dictionaries and make a debug build slow. Every wait has a deadline.

The raw tests at the end talk to the server through a plain pipe, to send what no client
library would: a body that is not JSON, a wrong Content-Length.
"""

from __future__ import annotations

import asyncio
import json
import os
import select
import subprocess
import time
import tomllib
from collections import defaultdict
from typing import Union

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcMethodNotFound
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

SUPERTEXT = os.path.abspath(os.environ.get("SUPERTEXT", ".build/debug/supertext"))
# A debug build may take many seconds over its first check.
TIMEOUT = float(os.environ.get("SUPERTEXT_LSP_TIMEOUT", "120"))
COMMANDS = ["supertext.addToDictionary", "supertext.disableRule", "supertext.ignore"]
SETTINGS = {"supertext": {"language": "en-US"}}

# Before "recieve": a euro sign (1 UTF-16 unit, 3 UTF-8 bytes), an emoji (2 units, 4 bytes) and
# an em dash (1 unit, 3 bytes). The word starts at UTF-16 unit 19, UTF-8 byte 25 and code point
# 18, so a server counting the wrong unit is caught.
EMOJI_LINE = "Price: 5 € 😀 — we recieve it."
EMOJI_UTF16 = (19, 26)
EMOJI_UTF8 = (25, 32)


# MARK: The client


def record_diagnostics(client: LanguageClient, params: types.PublishDiagnosticsParams):
    """Keeps every publication (pytest-lsp keeps the last list only), with its version."""
    client.diagnostics[params.uri] = params.diagnostics
    client.published[params.uri].append(params)


def converter():
    """pygls's converter, but telling a Command from a CodeAction by the type of `command`:
    lsprotocol 2025.0.0 takes any object with a `command` key for a Command, and so turns the
    server's code actions that carry a command into Commands with a garbled name."""
    converter = default_converter()

    def command_or_code_action(value, _):
        kind = types.Command if isinstance(value.get("command"), str) else types.CodeAction
        return converter.structure(value, kind)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], command_or_code_action)
    return converter


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=converter)
    client.published = defaultdict(list)
    register_lsp_features(
        client, {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: record_diagnostics}
    )
    return client


def capabilities(encodings: list[types.PositionEncodingKind] | None) -> types.ClientCapabilities:
    """What an editor that applies code actions and runs commands declares."""
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings) if encodings else None,
        text_document=types.TextDocumentClientCapabilities(
            synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix])
                ),
                is_preferred_support=True,
            ),
        ),
        workspace=types.WorkspaceClientCapabilities(
            apply_edit=True,
            workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=False),
            execute_command=types.ExecuteCommandClientCapabilities(),
            workspace_folders=True,
        ),
    )


async def start(client: LanguageClient, root, encodings) -> types.InitializeResult:
    params = types.InitializeParams(
        capabilities=capabilities(encodings),
        root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="workspace")],
        initialization_options=SETTINGS,
    )
    result = await asyncio.wait_for(client.initialize_session(params), TIMEOUT)
    client.initialize_result = result
    return result


async def stop(client: LanguageClient):
    """Shutdown and exit, unless the test did it; a server that does not go is killed, so
    pytest-lsp's wait for the process cannot hang."""
    server = client._server
    if server is not None and server.returncode is None:
        try:
            await asyncio.wait_for(client.shutdown_session(), 30)
        finally:
            if server.returncode is None:
                server.kill()


CONFIG = ClientServerConfig(server_command=[SUPERTEXT, "lsp"], client_factory=make_client)


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: LanguageClient, tmp_path):
    """A client that offers no position encoding: positions are UTF-16."""
    await start(lsp_client, tmp_path, None)
    yield
    await stop(lsp_client)


@pytest_lsp.fixture(config=CONFIG)
async def utf8_client(lsp_client: LanguageClient, tmp_path):
    """A client that prefers UTF-8 positions."""
    await start(lsp_client, tmp_path, [types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16])
    yield
    await stop(lsp_client)


# MARK: Helpers


def open_document(client: LanguageClient, path, text: str, language: str = "markdown", version: int = 1) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version, text=text)
        )
    )
    return uri


async def publication(client: LanguageClient, uri: str, after: int = 0) -> types.PublishDiagnosticsParams:
    """The first publication for `uri` after the first `after` ones."""
    deadline = time.monotonic() + TIMEOUT
    while len(client.published[uri]) <= after:
        if time.monotonic() > deadline:
            pytest.fail(f"no diagnostics published for {uri} within {TIMEOUT:.0f}s")
        if client._server.returncode is not None:
            pytest.fail(f"the server exited with status {client._server.returncode}")
        await asyncio.sleep(0.02)
    return client.published[uri][after]


async def request(awaitable):
    return await asyncio.wait_for(awaitable, TIMEOUT)


def offset(text: str, position: types.Position, encoding: str = "utf-16") -> int:
    """The index in `text` (a Python string, of code points) of an LSP position."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: position.line])
    line = lines[position.line]
    codec = "utf-16-le" if encoding == "utf-16" else "utf-8"
    width = 2 if encoding == "utf-16" else 1
    count = 0
    for index, character in enumerate(line):
        if count >= position.character:
            return start + index
        count += len(character.encode(codec)) // width
    return start + len(line)


def covered(text: str, range_: types.Range, encoding: str = "utf-16") -> str:
    return text[offset(text, range_.start, encoding) : offset(text, range_.end, encoding)]


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(text, edit.range.start)] + edit.new_text + text[offset(text, edit.range.end) :]
    return text


def position(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


def span(line: int, start: int, end: int) -> types.Range:
    return types.Range(start=position(line, start), end=position(line, end))


def change(uri: str, version: int, *edits: tuple[types.Range, str]) -> types.DidChangeTextDocumentParams:
    return types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[
            types.TextDocumentContentChangePartial(range=range_, text=text) for range_, text in edits
        ],
    )


async def code_actions(client: LanguageClient, uri: str, diagnostic: types.Diagnostic) -> list[types.CodeAction]:
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic], only=[types.CodeActionKind.QuickFix]),
    )
    actions = await request(client.text_document_code_action_async(params))
    assert actions and all(isinstance(action, types.CodeAction) for action in actions), actions
    return actions


def titled(actions: list[types.CodeAction], title: str) -> types.CodeAction:
    found = [action for action in actions if action.title == title]
    assert len(found) == 1, f"no single action {title!r} in {[a.title for a in actions]}"
    return found[0]


async def run_command(client: LanguageClient, uri: str, action: types.CodeAction) -> types.PublishDiagnosticsParams:
    """Runs an action's command as an editor would, and returns the publication it causes."""
    seen = len(client.published[uri])
    await request(
        client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=action.command.command, arguments=action.command.arguments)
        )
    )
    return await publication(client, uri, after=seen)


def words(text: str, diagnostics) -> list[tuple[str, str]]:
    return [(diagnostic.code, covered(text, diagnostic.range)) for diagnostic in diagnostics]


# MARK: Initialization


@pytest.mark.asyncio
async def test_capabilities_with_utf16_by_default(client: LanguageClient):
    result = client.initialize_result
    capabilities = result.capabilities
    assert result.server_info.name == "supertext"
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    sync = capabilities.text_document_sync
    assert sync.open_close is True
    assert sync.change == types.TextDocumentSyncKind.Incremental
    assert sync.save is not None and sync.save.include_text is False
    assert list(capabilities.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]
    assert list(capabilities.execute_command_provider.commands) == COMMANDS


@pytest.mark.asyncio
async def test_capabilities_take_utf8_when_offered(utf8_client: LanguageClient):
    assert utf8_client.initialize_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8


# MARK: Diagnostics


@pytest.mark.asyncio
async def test_markdown_diagnostics_count_utf16_units(client: LanguageClient, tmp_path):
    text = f"# Notes\n\n{EMOJI_LINE}\n\nIt was nice and and friendly.\n"
    uri = open_document(client, tmp_path / "notes.md", text)
    published = await publication(client, uri)
    assert published.version == 1
    diagnostics = sorted(published.diagnostics, key=lambda d: d.range.start.line)
    assert words(text, diagnostics) == [("SPELLING", "recieve"), ("REPEATED_WORD", "and and")]
    spelling = diagnostics[0]
    assert spelling.range == span(2, *EMOJI_UTF16)
    assert spelling.source == "supertext"
    assert spelling.severity == types.DiagnosticSeverity.Warning
    assert "'recieve'" in spelling.message and "→ receive" in spelling.message
    assert diagnostics[1].range == span(4, 12, 19)


@pytest.mark.asyncio
async def test_utf8_client_gets_byte_offsets(utf8_client: LanguageClient, tmp_path):
    text = f"{EMOJI_LINE}\n"
    uri = open_document(utf8_client, tmp_path / "notes.md", text)
    (diagnostic,) = (await publication(utf8_client, uri)).diagnostics
    assert diagnostic.code == "SPELLING"
    assert diagnostic.range == span(0, *EMOJI_UTF8)
    assert covered(text, diagnostic.range, "utf-8") == "recieve"

    # Positions the client sends are bytes too: a code action asked for at the word's bytes.
    actions = await code_actions(utf8_client, uri, diagnostic)
    fix = titled(actions, "Replace with 'receive'")
    assert fix.edit.changes[uri][0].range == span(0, *EMOJI_UTF8)


@pytest.mark.asyncio
async def test_plain_text_checks_what_markdown_would_skip(client: LanguageClient, tmp_path):
    # Backticks are not markup in plain text: the fenced word is checked.
    text = "Thiss is a tset.\n```\nrecieve\n```\n"
    uri = open_document(client, tmp_path / "notes.txt", text, language="plaintext")
    diagnostics = (await publication(client, uri)).diagnostics
    assert sorted(words(text, diagnostics)) == [("SPELLING", "Thiss"), ("SPELLING", "recieve"), ("SPELLING", "tset")]
    ranges = {covered(text, d.range): d.range for d in diagnostics}
    assert ranges["Thiss"] == span(0, 0, 5)
    assert ranges["tset"] == span(0, 11, 15)
    assert ranges["recieve"] == span(2, 0, 7)


@pytest.mark.asyncio
async def test_markdown_code_and_disable_comment_are_honoured(client: LanguageClient, tmp_path):
    text = (
        "# Notes\n\n"
        "```python\nrecieve = tset()\n```\n\n"
        "Some `recieve` inline.\n\n"
        "<!-- supertext-disable-next-line -->\n"
        "We recieve this.\n\n"
        "We recieve that.\n"
    )
    uri = open_document(client, tmp_path / "notes.md", text)
    diagnostics = (await publication(client, uri)).diagnostics
    # Only the last line: the fence, the inline code and the line after the comment are skipped.
    assert words(text, diagnostics) == [("SPELLING", "recieve")]
    assert diagnostics[0].range == span(11, 3, 10)


# MARK: Code actions and commands


@pytest.mark.asyncio
async def test_quickfix_edit_fixes_the_word(client: LanguageClient, tmp_path):
    text = f"# Notes\n\n{EMOJI_LINE}\n"
    uri = open_document(client, tmp_path / "notes.md", text)
    (diagnostic,) = (await publication(client, uri)).diagnostics
    actions = await code_actions(client, uri, diagnostic)
    assert all(action.kind == types.CodeActionKind.QuickFix for action in actions)
    # Each suggestion, the first preferred, then the three commands.
    replacements = [action for action in actions if action.edit is not None]
    assert replacements[0].title == "Replace with 'receive'"
    assert [action.is_preferred for action in replacements] == [True] + [False] * (len(replacements) - 1)
    assert [action.title for action in actions[len(replacements) :]] == [
        "Add 'recieve' to the project dictionary",
        "Turn off SPELLING in this project",
        "Ignore this here",
    ]
    assert all(action.command is not None for action in actions[len(replacements) :])
    fix = replacements[0]
    assert list(fix.diagnostics) == [diagnostic]
    assert list(fix.edit.changes) == [uri]
    (edit,) = fix.edit.changes[uri]
    assert edit == types.TextEdit(range=span(2, *EMOJI_UTF16), new_text="receive")
    fixed = apply_edits(text, [edit])
    assert fixed == "# Notes\n\nPrice: 5 € 😀 — we receive it.\n"

    # The editor applies the edit and sends it as an incremental change: nothing is left.
    client.text_document_did_change(change(uri, 2, (edit.range, edit.new_text)))
    published = await publication(client, uri, after=1)
    assert published.version == 2
    assert published.diagnostics == ()


@pytest.mark.asyncio
async def test_add_to_dictionary_writes_the_workspace_word_list(client: LanguageClient, tmp_path):
    # The document is in a subdirectory and there is no project file: the word list goes to
    # the workspace root given in initialize, as the project's file would.
    text = "Our tool is called Zorblax and we recieve it.\n"
    uri = open_document(client, tmp_path / "docs" / "guide.md", text)
    diagnostics = (await publication(client, uri)).diagnostics
    assert sorted(words(text, diagnostics)) == [("SPELLING", "Zorblax"), ("SPELLING", "recieve")]
    name = next(d for d in diagnostics if covered(text, d.range) == "Zorblax")
    actions = await code_actions(client, uri, name)
    add = titled(actions, "Add 'Zorblax' to the project dictionary")
    assert add.command.command == "supertext.addToDictionary"
    assert list(add.command.arguments) == [uri, "Zorblax"]

    published = await run_command(client, uri, add)
    assert (tmp_path / ".supertext" / "dictionary.txt").read_text(encoding="utf-8") == "Zorblax\n"
    assert not (tmp_path / "docs" / ".supertext").exists()
    assert words(text, published.diagnostics) == [("SPELLING", "recieve")]

    # A second word keeps the list sorted.
    recieve = published.diagnostics[0]
    add = titled(await code_actions(client, uri, recieve), "Add 'recieve' to the project dictionary")
    published = await run_command(client, uri, add)
    assert (tmp_path / ".supertext" / "dictionary.txt").read_text(encoding="utf-8") == "Zorblax\nrecieve\n"
    assert published.diagnostics == ()


@pytest.mark.asyncio
async def test_disable_rule_writes_the_project_file(client: LanguageClient, tmp_path):
    project = tmp_path / ".supertext.toml"
    project.write_text("# House style\npicky = false\n", encoding="utf-8")
    text = "It was nice and and friendly. We recieve it.\n"
    uri = open_document(client, tmp_path / "notes.md", text)
    diagnostics = (await publication(client, uri)).diagnostics
    assert sorted(words(text, diagnostics)) == [("REPEATED_WORD", "and and"), ("SPELLING", "recieve")]
    repeated = next(d for d in diagnostics if d.code == "REPEATED_WORD")
    actions = await code_actions(client, uri, repeated)
    (edit,) = titled(actions, "Replace with 'and'").edit.changes[uri]
    assert apply_edits(text, [edit]) == "It was nice and friendly. We recieve it.\n"
    disable = titled(actions, "Turn off REPEATED_WORD in this project")
    assert disable.command.command == "supertext.disableRule"
    assert list(disable.command.arguments) == [uri, "REPEATED_WORD"]

    published = await run_command(client, uri, disable)
    written = project.read_text(encoding="utf-8")
    assert written.startswith("# House style\npicky = false\n")
    settings = tomllib.loads(written)
    assert settings == {"picky": False, "disabled-rules": ["REPEATED_WORD"]}
    assert words(text, published.diagnostics) == [("SPELLING", "recieve")]


@pytest.mark.asyncio
async def test_ignore_here_skips_that_sentence_only(client: LanguageClient, tmp_path):
    text = "We recieve it here. They recieve it too.\n"
    uri = open_document(client, tmp_path / "notes.md", text)
    diagnostics = (await publication(client, uri)).diagnostics
    first = min(diagnostics, key=lambda d: d.range.start.character)
    assert [covered(text, d.range) for d in diagnostics] == ["recieve", "recieve"]
    ignore = titled(await code_actions(client, uri, first), "Ignore this here")
    assert list(ignore.command.arguments) == [uri, "SPELLING", "recieve", "We recieve it here."]

    published = await run_command(client, uri, ignore)
    settings = tomllib.loads((tmp_path / ".supertext.toml").read_text(encoding="utf-8"))
    assert settings == {"ignore": [{"rule": "SPELLING", "word": "recieve", "sentence": "We recieve it here."}]}
    (left,) = published.diagnostics
    assert left.range == span(0, 25, 32)


# MARK: Changes


@pytest.mark.asyncio
async def test_incremental_changes_are_checked_again(client: LanguageClient, tmp_path):
    text = "We met today.\n😀 Fine.\n"
    uri = open_document(client, tmp_path / "notes.md", text)
    assert (await publication(client, uri)).diagnostics == ()

    # Line 1 ends at UTF-16 unit 8 (the emoji is two): a misspelling appended there.
    client.text_document_did_change(change(uri, 2, (span(1, 8, 8), " See you tomorow.")))
    published = await publication(client, uri, after=1)
    assert published.version == 2
    text = "We met today.\n😀 Fine. See you tomorow.\n"
    (diagnostic,) = published.diagnostics
    assert diagnostic.range == span(1, 17, 24)
    assert covered(text, diagnostic.range) == "tomorow"

    # Two changes in one notification apply in order: the second sees the first's text.
    client.text_document_did_change(
        change(uri, 3, (span(1, 17, 24), "tomorrow"), (span(0, 0, 2), "They"))
    )
    published = await publication(client, uri, after=2)
    assert published.version == 3
    assert published.diagnostics == ()

    # The server's copy is the editor's: a misspelling typed at the new positions is found there.
    client.text_document_did_change(change(uri, 4, (span(0, 5, 8), "mett")))
    (diagnostic,) = (await publication(client, uri, after=3)).diagnostics
    assert covered("They mett today.\n", diagnostic.range) == "mett"


@pytest.mark.asyncio
async def test_out_of_range_change_is_refused_and_the_server_goes_on(client: LanguageClient, tmp_path):
    text = "Line one.\nWe recieve it.\n"
    uri = open_document(client, tmp_path / "notes.md", text)
    (diagnostic,) = (await publication(client, uri)).diagnostics

    # A line past the end: not applied, reported to the client, no crash.
    client.text_document_did_change(change(uri, 2, (span(50, 0, 3), "x")))
    # An end before its start: not applied either.
    client.text_document_did_change(change(uri, 3, (types.Range(start=position(1, 5), end=position(0, 2)), "x")))
    actions = await code_actions(client, uri, diagnostic)
    assert titled(actions, "Replace with 'receive'").edit.changes[uri][0].range == span(1, 3, 10)
    messages = [m.message for m in client.log_messages if m.type == types.MessageType.Error]
    assert any("line 50 is past the end of the document" in m for m in messages), messages
    assert any("end comes before its start" in m for m in messages), messages

    # A character past the end of its line means the line's end, as the protocol says.
    seen = len(client.published[uri])
    client.text_document_did_change(change(uri, 4, (span(1, 200, 300), " Teh end.")))
    published = await publication(client, uri, after=seen)
    assert published.version == 4
    text = "Line one.\nWe recieve it. Teh end.\n"
    assert sorted(covered(text, d.range) for d in published.diagnostics) == ["Teh", "recieve"]


@pytest.mark.asyncio
async def test_errors_are_answered_and_the_server_goes_on(client: LanguageClient, tmp_path):
    with pytest.raises(JsonRpcMethodNotFound):
        await request(client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=(tmp_path / "a.md").as_uri()),
                              position=position(0, 0))))
    with pytest.raises(JsonRpcException, match="unknown command"):
        await request(client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="supertext.nothing", arguments=[(tmp_path / "a.md").as_uri()])))
    with pytest.raises(JsonRpcException, match="no word to add"):
        await request(client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="supertext.addToDictionary", arguments=[(tmp_path / "a.md").as_uri()])))
    assert not (tmp_path / ".supertext").exists()
    uri = open_document(client, tmp_path / "notes.md", "We recieve it.\n")
    assert len((await publication(client, uri)).diagnostics) == 1


@pytest.mark.asyncio
async def test_shutdown_then_exit(client: LanguageClient, tmp_path):
    uri = open_document(client, tmp_path / "notes.md", "We recieve it.\n")
    await publication(client, uri)
    assert await request(client.shutdown_async(None)) is None
    # After shutdown, requests are refused with InvalidRequest.
    with pytest.raises(JsonRpcException) as refused:
        await request(client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=span(0, 0, 1),
            context=types.CodeActionContext(diagnostics=[]))))
    assert refused.value.code == -32600
    client.exit(None)
    assert await request(client._server.wait()) == 0


# MARK: Raw frames


class RawServer:
    """`supertext lsp` on plain pipes, framed by hand."""

    def __init__(self, root):
        # Standard error to a file: a crash's backtrace must not fill a pipe nobody reads.
        self.stderr = root / "stderr.log"
        with open(self.stderr, "wb") as stderr:
            self.process = subprocess.Popen(
                [SUPERTEXT, "lsp"], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr
            )
        os.set_blocking(self.process.stdout.fileno(), False)
        self.buffer = b""

    def write(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self, timeout: float = TIMEOUT) -> dict | None:
        """The next message, or None at the end of the output or after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                length = int(self.buffer[:end].split(b":")[1])
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4 : end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length :]
                    return json.loads(body)
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk

    def response(self, timeout: float = TIMEOUT) -> dict | None:
        """The next response (notifications skipped)."""
        while (message := self.receive(timeout)) is not None:
            if "method" not in message:
                return message
        return None

    def initialize(self, root):
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"capabilities": {}, "rootUri": root.as_uri(), "initializationOptions": SETTINGS}})
        assert self.response()["result"]["capabilities"]["positionEncoding"] == "utf-16"
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def status(self) -> int | None:
        """The exit status, once the process is gone (None if it is still running)."""
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            return None

    def close(self) -> tuple[int, str]:
        """Closes the server's input; its exit status and standard error."""
        self.process.stdin.close()
        try:
            status = self.process.wait(timeout=30)
        finally:
            if self.process.returncode is None:
                self.process.kill()
                self.process.wait()
        return status, self.stderr.read_text(errors="replace")


@pytest.fixture
def raw(tmp_path):
    server = RawServer(tmp_path)
    server.initialize(tmp_path)
    yield server
    if server.process.returncode is None:
        server.process.kill()
        server.process.wait()


def parse_error(message: dict | None) -> str:
    assert message is not None, "no answer"
    assert message["id"] is None and message["error"]["code"] == -32700, message
    return message["error"]["message"]


def test_raw_body_that_is_not_json_gets_a_parse_error(raw):
    raw.write(b"Content-Length: 16\r\n\r\nthis is not JSON")
    assert "not JSON" in parse_error(raw.response())
    # The frame was whole: the next request is read and answered, and the session ends cleanly.
    raw.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert raw.response() == {"jsonrpc": "2.0", "id": 2, "result": None}
    raw.send({"jsonrpc": "2.0", "method": "exit"})
    status, stderr = raw.close()
    assert status == 0
    assert "a message could not be read: the body is not JSON (Content-Length 16)" in stderr


def test_raw_short_content_length_gets_parse_errors_not_a_crash(raw):
    body = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}).encode()
    raw.write(b"Content-Length: 5\r\n\r\n" + body)
    assert "not JSON (Content-Length 5)" in parse_error(raw.response())
    # What is left of the body is skipped up to the next frame, which is answered.
    raw.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    message = raw.response(timeout=10)
    assert message == {"jsonrpc": "2.0", "id": 3, "result": None}, message
    assert raw.process.poll() is None
    # The shutdown was read: the end of input is a clean exit.
    status, stderr = raw.close()
    assert status == 0


def test_raw_long_content_length_waits_then_exits_at_end_of_input(raw):
    # The server waits for the bytes promised; none come, and the input ends.
    raw.write(b'Content-Length: 500\r\n\r\n{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}')
    assert raw.response(timeout=2) is None
    assert raw.process.poll() is None
    status, stderr = raw.close()
    assert status == 1
    assert "closed the connection without a shutdown" in stderr


def test_raw_headers_without_content_length_get_a_parse_error(raw):
    raw.write(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n")
    assert "no valid Content-Length header" in parse_error(raw.response())
    raw.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert raw.response() == {"jsonrpc": "2.0", "id": 2, "result": None}
    raw.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw.close()[0] == 0


# Framing gone wrong and hostile values: the server reads on to the next frame, never traps.
def test_raw_server_reads_on_after_a_frame_without_content_length(raw):
    raw.write(b'Content-Length: nine\r\n\r\n{"jsonrpc": "2.0", "id": 2, "method": "nothing"}')
    parse_error(raw.response())
    for id_ in range(3, 6):
        raw.send({"jsonrpc": "2.0", "id": id_, "method": "shutdown"})
        message = raw.response(timeout=5)
        assert message is not None and message.get("id") == id_, message


def test_raw_huge_character_does_not_crash(raw, tmp_path):
    uri = (tmp_path / "notes.md").as_uri()
    raw.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "markdown", "version": 1, "text": "Line one.\nWe recieve it.\n"}}})
    huge = {"line": 1, "character": 2**63 - 1}
    raw.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri}, "range": {"start": huge, "end": huge}, "context": {"diagnostics": []}}})
    message = raw.response()
    assert message is not None and message["id"] == 2, f"no answer; exit status {raw.status()}"


def test_raw_deeply_nested_json_does_not_crash(raw):
    # Refused before decoding (the decoder recurses); the server reads on.
    body = b"[" * 450 + b"]" * 450
    raw.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert "deeper" in parse_error(raw.response())
    raw.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert raw.response() == {"jsonrpc": "2.0", "id": 2, "result": None}, f"exit status {raw.status()}"
