"""Real misspellings in natural text (distill.data.listed): a list of people's misspellings applied to a corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distill.data import load_corpus
from distill.data.listed import main, merged, misspelt_rows, parse_list
from distill.errors import DistillError

# Lines in the three formats: Wikipedia's For machines / codespell, a TSV, Birkbeck's .dat.
ARROWS = """abotu->about
recieve->receive
achive->achieve, archive
adn->and
cant->cannot
aboutit->about it
Britian->Britain
"""
TSV = "acheive\tachieve\nrecieve\treceive\n"
BIRKBECK = "$receive\nreceve\nrecieve\n$because\nbecuase\n"
NORVIG = "receive: recieve receve\nbecause: becuase\n"

SENTENCES = ["I did not receive it because of Britain and the rain.", "Nothing here is listed.",
             "RECEIVE it about now."]


def test_each_format_gives_the_lists_misspellings_of_one_word_by_one_word() -> None:
    # "achive" has two corrections, "cant" is a common word (a real-word error), "aboutit" is two words
    assert parse_list(ARROWS) == {"about": ["abotu"], "receive": ["recieve"], "and": ["adn"], "britain": ["britian"]}
    assert parse_list(TSV) == {"achieve": ["acheive"], "receive": ["recieve"]}
    assert parse_list(BIRKBECK) == {"receive": ["receve", "recieve"], "because": ["becuase"]}
    assert parse_list(NORVIG) == {"receive": ["recieve", "receve"], "because": ["becuase"]}
    assert merged([parse_list(ARROWS), parse_list(BIRKBECK)])["receive"] == ["recieve", "receve"]


def test_every_named_word_is_misspelt_at_rate_one_keeping_its_case() -> None:
    misspellings = parse_list(ARROWS + BIRKBECK)
    rows = list(misspelt_rows(SENTENCES, misspellings, rate=1.0, seed=0))
    assert [row["text"] for row in rows] == [SENTENCES[0], SENTENCES[2]]  # the unlisted sentence is left out
    first = rows[0]["noisy"].split()
    assert first[3] in ("recieve", "receve") and first[5:9] == ["becuase", "of", "Britian", "adn"]
    assert rows[1]["noisy"].split()[0] in ("RECIEVE", "RECEVE") and rows[1]["noisy"].split()[2] == "abotu"


def test_the_rate_is_the_share_of_a_sentences_words_and_the_seed_fixes_the_draw() -> None:
    misspellings = {"word": ["wrod"]}
    sentence = " ".join(["word"] * 10 + ["other"] * 10)
    rows = list(misspelt_rows([sentence] * 400, misspellings, rate=0.15, seed=1))
    share = sum(row["noisy"].split().count("wrod") for row in rows) / (20 * 400)
    assert share == pytest.approx(0.15, abs=0.01)
    assert rows == list(misspelt_rows([sentence] * 400, misspellings, rate=0.15, seed=1))
    assert rows != list(misspelt_rows([sentence] * 400, misspellings, rate=0.15, seed=2))


def test_the_module_writes_a_file_that_given_noise_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listed, corpus, out = tmp_path / "machines.txt", tmp_path / "text.txt", tmp_path / "listed.jsonl"
    listed.write_text(ARROWS)
    corpus.write_text("\n\n".join(SENTENCES) + "\n")
    assert main([str(listed), "--corpus", str(corpus), "--rate", "1", "--out", str(out)]) == 0
    assert "2 sentences, 5 misspelt words of 15 (33.3%)" in capsys.readouterr().out
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows == list(misspelt_rows(load_corpus(str(corpus)).sentences, parse_list(ARROWS), 1.0, 0))
    paired = load_corpus(str(out))
    assert paired.noisy is not None and "Britian" in paired.noisy[0] and "Britain" in paired.sentences[0]


@pytest.mark.parametrize(("text", "arguments", "out_name", "message"), [
    ("just some words\n", [], "listed.jsonl", "line 1 is not 'wrong->right'"),
    ("achive->achieve, archive\n", [], "listed.jsonl", "holds no misspelling of one word by one word"),
    ("zebarr->zebra\n", [], "listed.jsonl", "no sentence of"),
    (ARROWS, ["--rate", "0"], "listed.jsonl", "--rate must be in (0, 1]"),
    (ARROWS, [], "listed.csv", "--out must be a .jsonl file"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                                  arguments: list[str], out_name: str, message: str) -> None:
    listed, corpus = tmp_path / "machines.txt", tmp_path / "text.txt"
    listed.write_text(text)
    corpus.write_text("\n\n".join(SENTENCES) + "\n")
    assert main([str(listed), "--corpus", str(corpus), "--out", str(tmp_path / out_name), *arguments]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and message in error and error.count("\n") == 1
    assert not any(tmp_path.glob("listed.*"))


def test_a_missing_list_is_named_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "none.txt"), "--out", str(tmp_path / "listed.jsonl")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: misspelling list") and error.count("\n") == 1
    assert not (tmp_path / "listed.jsonl").exists()
    with pytest.raises(DistillError, match="holds no misspelling"):
        parse_list("# only a comment\n")
