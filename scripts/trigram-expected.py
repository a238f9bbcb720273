#!/usr/bin/env python3
"""Writes what pocketsphinx itself says of the English trigram model, for TrigramModelTests: for
each triple of each sentence of Tests/Data/trigram-sentences.en.txt (between `<s> <s>` and
`</s>`), log10 P(third | first second) as pocketsphinx 5.1.1's `NGramModel.prob` computes it from
Debian's /usr/share/pocketsphinx/model/en-us/en-us.lm.bin (package pocketsphinx-en-us).
TrigramModel reads that file with its own code; this is the reference it is held to.

Usage: scripts/trigram-expected.py > Tests/Data/trigram-expected.en.tsv
(installs pocketsphinx into .build/language-model-venv on first use)
"""
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "language-model-venv")
MODEL = "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"


def main():
    if os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        if not os.path.exists(os.path.join(VENV, "bin", "python")):
            subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
            subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "-r",
                            os.path.join(ROOT, "scripts", "language-model-requirements.txt")], check=True)
        os.execv(os.path.join(VENV, "bin", "python"), [os.path.join(VENV, "bin", "python")] + sys.argv)
    from pocketsphinx import Config, LogMath, NGramModel
    model = NGramModel(Config(), LogMath(), MODEL)
    to_log10 = math.log10(1.0001)  # the model's log base
    with open(os.path.join(ROOT, "Tests", "Data", "trigram-sentences.en.txt"), encoding="utf-8") as file:
        sentences = [line.split() for line in file if line.strip()]
    seen = set()
    for words in sentences:
        padded = ["<s>", "<s>"] + words + ["</s>"]
        for index in range(2, len(padded)):
            triple = tuple(padded[index - 2:index + 1])
            if triple in seen:
                continue
            seen.add(triple)
            # pocketsphinx takes the word first, then its history from the nearest back.
            value = model.prob([triple[2], triple[1], triple[0]]) * to_log10
            print(" ".join(triple) + "\t" + "%.4f" % value)


if __name__ == "__main__":
    main()
