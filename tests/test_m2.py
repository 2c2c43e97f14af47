"""Real misspellings from a learner corpus's M2 file (distill.data.m2): the spelling edits alone, as a paired file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distill.data import load_corpus
from distill.data.m2 import main, spelling_rows
from distill.errors import DistillError

# Two sentences in JFLEG's M2 (its dev.ref.m2, first sentence cut short), edits by two annotators.
M2 = """S So I think we can not live if old people could not find siences and tecnologies .
A 6 7|||#Rc#|||alive|||REQUIRED|||-NONE-|||0
A 13 14|||#Rc#|||sciences|||REQUIRED|||-NONE-|||0
A 15 16|||#Rc#|||technologies|||REQUIRED|||-NONE-|||0
A 4 5|||#Ri#|||could|||REQUIRED|||-NONE-|||1
A 13 14|||#Rc#|||Sciences|||REQUIRED|||-NONE-|||1

S They studyed becouse They had to .
A 1 2|||R:SPELL|||studied|||REQUIRED|||-NONE-|||0
A 2 3|||R:SPELL|||because|||REQUIRED|||-NONE-|||1
A 3 4|||R:ORTH|||they|||REQUIRED|||-NONE-|||0

S Nothing is misspelt here .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
"""


def test_only_one_annotators_spelling_edits_are_applied() -> None:
    assert list(spelling_rows(M2)) == [
        # "live" -> "alive" is a #Rc# edit but grammar (a common word), the #Ri# edit is not spelling
        {"text": "So I think we can not live if old people could not find sciences and technologies .",
         "noisy": "So I think we can not live if old people could not find siences and tecnologies ."},
        {"text": "They studied becouse They had to .", "noisy": "They studyed becouse They had to ."},
    ]
    assert [row["text"] for row in spelling_rows(M2, annotator=1)] == [
        "So I think we can not live if old people could not find Sciences and tecnologies .",
        "They studyed because They had to ."]


def test_the_module_writes_a_file_that_given_noise_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, out = tmp_path / "dev.ref.m2", tmp_path / "learners.jsonl"
    source.write_text(M2)
    assert main([str(source), "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip().endswith("2 sentences, 3 misspelt words")
    assert [json.loads(line) for line in out.read_text().splitlines()] == list(spelling_rows(M2))
    corpus = load_corpus(str(out))
    assert corpus.noisy is not None and "siences" in corpus.noisy[0] and "sciences" in corpus.sentences[0]


@pytest.mark.parametrize("layout", ["crlf", "blank lines between and after", "spaces on blank lines"])
def test_windows_line_ends_and_extra_blank_lines_read_as_the_file_itself(tmp_path: Path, layout: str) -> None:
    text = {"crlf": M2.replace("\n", "\r\n"),
            "blank lines between and after": M2.replace("\n\n", "\n\n\n\n") + "\n\n\n",
            "spaces on blank lines": M2.replace("\n\n", "\n   \n\t\n") + "  \n \n"}[layout]
    source, out = tmp_path / "dev.ref.m2", tmp_path / "learners.jsonl"
    source.write_bytes(text.encode())
    assert main([str(source), "--out", str(out)]) == 0
    assert [json.loads(line) for line in out.read_text().splitlines()] == list(spelling_rows(M2))


@pytest.mark.parametrize(("text", "message"), [
    ("They studyed .\nA 1 2|||R:SPELL|||studied|||REQUIRED|||-NONE-|||0\n", "not an M2 block"),
    ("S They studyed .\nA 1 2|||R:SPELL|||studied\n", "not an M2 edit"),
    ("S They studyed .\nA 9 10|||R:SPELL|||studied|||REQUIRED|||-NONE-|||0\n", "not an M2 edit of this sentence"),
    ("S They studied .\nA 1 2|||R:VERB|||study|||REQUIRED|||-NONE-|||0\n", "no spelling edit by annotator 0"),
    ("", "is empty"),
    ("\n \r\n\n", "is empty"),
])
def test_a_file_that_is_not_m2_or_has_no_spelling_edit_is_one_line_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str) -> None:
    source, out = tmp_path / "bad.m2", tmp_path / "learners.jsonl"
    source.write_text(text)
    assert main([str(source), "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and message in error and error.count("\n") == 1
    assert not out.exists()


def test_spelling_rows_refuses_a_block_that_is_not_m2() -> None:
    with pytest.raises(DistillError, match="not an M2 block"):
        list(spelling_rows("hello\n"))
