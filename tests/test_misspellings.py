"""Human misspellings (distill.noise.misspellings) and the ``misspell`` noise kind: each error type, the rate,
the words that must be kept, reproducibility, and one-line spec errors."""

from __future__ import annotations

import random
import re

import pytest
import torch
from test_objectives import context_config, tiny_corpus  # noqa: F401 (a fixture)

from distill.cli import main
from distill.errors import DistillError
from distill.noise.misspellings import (
    ERROR_TYPES,
    can_misspell,
    listed_misspellings,
    misspell,
    misspell_token,
)
from distill.noise.specs import NoiseSpec, apply_noise, noise_word
from distill.training import build_trainer, prepare

# Everyday words of four letters or more (written for this test, not taken from any misspelling corpus).
WORDS = """
about above accept account across action activity actually address advice afford afraid against agency
agree airport allow almost already although always amount animal another answer anyone anything apart
appear apply argue around arrive article artist attack attempt attend audience author available average
avoid balance basic beautiful because become before begin behaviour behind believe benefit better between
beyond billion board body border bottom brother budget building business camera campaign cancer capital
career carry catch cause centre century certain chair challenge chance change character charge child choice
church citizen claim class clear close coach collection college colour common community company compare
computer concern condition conference consider contain continue control country couple course court cover
create crime culture current customer danger daughter debate decade decide defence degree deliver describe
design despite detail develop difference different difficult dinner direction discover discuss disease
doctor dream during early economy editor education effect effort election energy enjoy enough enter
environment especially evening event evidence exactly example executive exist expect experience expert
explain family father feeling field figure final finally financial finger finish first floor follow
foreign forget former forward freedom friend front future garden general generation government great
ground group growth guess happen health heart heavy history hospital hotel house however hundred husband
""".split()
TOLERANCE = 0.03  # about 4 standard deviations of a 15 % rate over the words below


def test_each_error_type_makes_the_errors_people_make() -> None:
    expected = {
        "phonetic": [("absence", "absense"), ("consensus", "concensus"), ("nation", "nashun"),
                     ("receive", "recieve"), ("knowledge", "nowledge"), ("knowledge", "knowlege"),
                     ("acceptable", "acceptible"), ("independent", "independant"), ("graph", "graf")],
        "double": [("across", "accross"), ("until", "untill"), ("occurred", "occured"),
                   ("embarrass", "embarass")],
        "vowel": [("definitely", "definately"), ("separate", "seperate"), ("existence", "existance")],
        "transpose": [("because", "becuase"), ("hundred", "hunderd"), ("their", "thier")],
        "drop": [("government", "goverment"), ("library", "libary"), ("different", "diffrent")],
        "insert": [("athlete", "athelete"), ("disastrous", "disasterous")],
        "listed": [("separate", "seperate"), ("receive", "recieve"), ("embarrass", "embarass")],
    }
    assert set(expected) == set(ERROR_TYPES)
    for error_type, pairs in expected.items():
        for word, wrong in pairs:
            assert wrong in ERROR_TYPES[error_type](word), (error_type, word, wrong)


def test_error_types_act_only_where_people_err() -> None:
    assert "knowleddge" not in ERROR_TYPES["double"]("knowledge")  # no doubling before a consonant
    assert ERROR_TYPES["insert"]("bread") == []  # nothing sounded before the first letter's cluster
    assert "tehir" not in ERROR_TYPES["transpose"]("their") and "htier" not in ERROR_TYPES["transpose"]("their")
    assert ERROR_TYPES["listed"]("table") == []
    for word in WORDS:
        for error_type, make in ERROR_TYPES.items():
            for wrong in make(word):
                assert wrong != word and wrong[0] == word[0] or error_type == "phonetic", (error_type, word, wrong)


def test_misspell_draws_a_type_then_an_outcome_and_changes_the_word() -> None:
    rng = random.Random(0)
    for word in WORDS:
        wrong = misspell(word, rng)
        assert wrong != word and wrong in {outcome for make in ERROR_TYPES.values() for outcome in make(word)}
    assert misspell("definitely", random.Random(3), types=["vowel"]) in ERROR_TYPES["vowel"]("definitely")
    assert misspell("bbbb", random.Random(0), types=["vowel"]) == "bbbb"  # no type can act: unchanged


def test_listed_misspellings_are_documented_pairs() -> None:
    table = listed_misspellings()
    assert len(table) >= 40 and table["definitely"] == ("definately",)
    for correct, wrong in table.items():
        assert correct.isalpha() and correct.islower() and all(word != correct for word in wrong)


def test_misspell_rate_is_per_plain_word() -> None:
    text = " ".join(WORDS * 4)
    noisy = apply_noise(text, "misspell:0.15", random.Random(0)).split()
    changed = sum(before != after for before, after in zip(text.split(), noisy))
    assert changed / len(noisy) == pytest.approx(0.15, abs=TOLERANCE)
    assert apply_noise(text, "misspell:0", random.Random(0)) == text
    assert all(before != after for before, after in zip(text.split(), apply_noise(text, "misspell:1",
                                                                                   random.Random(1)).split()))


def test_words_the_model_must_keep_are_never_changed() -> None:
    kept = ["HTTP", "[MASK]", "<mask>", "[CLS]", "os.path", "utf8", "max_length", "iPhone", "don't", "well-known",
            "the", "and", "12", "3.14", "https://docs.python.org", "--noise", "x"]
    text = " ".join(kept)
    for seed in range(10):
        assert apply_noise(text, "misspell:1", random.Random(seed)) == text
    assert not any(can_misspell(token) for token in kept)


def test_case_and_punctuation_are_kept() -> None:
    rng = random.Random(0)
    for _ in range(20):
        wrong = misspell_token("(Separate),", rng)
        assert re.fullmatch(r"\(S[a-z]+\),", wrong) and wrong != "(Separate),"
    text = "  Definitely\tseparate,\n\nthe Government's report.  "
    noisy = apply_noise(text, "misspell:1", random.Random(2))
    assert re.findall(r"\s+", noisy) == re.findall(r"\s+", text) and noisy != text


def test_misspell_is_reproducible_per_seed() -> None:
    text = " ".join(WORDS)
    assert apply_noise(text, "human", random.Random(5)) == apply_noise(text, "human", random.Random(5))
    assert apply_noise(text, "human", random.Random(5)) != apply_noise(text, "human", random.Random(6))


def test_misspell_is_one_edit_against_the_caps_and_mixes_with_typos() -> None:
    spec = NoiseSpec.parse("misspell:1,typo:1,max_edits:1")
    for word in WORDS[:100]:
        wrong = noise_word(word, spec, random.Random(0))
        assert wrong in {outcome for make in ERROR_TYPES.values() for outcome in make(word)}  # no typo on top
    assert NoiseSpec.parse("human") == NoiseSpec.parse("misspell:0.15")
    assert str(NoiseSpec.parse("typo:0.1, misspell:0.2")) == "typo:0.1,misspell:0.2"


@pytest.mark.parametrize(
    "text, message",
    [
        ("misspel:0.1", r"unknown noise kind 'misspel'; valid kinds: .*misspell"),
        ("misspell:often", r"noise 'misspell' needs a number, got 'often'"),
        ("misspell:1.5", r"noise rate of 'misspell' must be in \[0, 1\]"),
        ("misspell:0.1,misspell:0.2", r"noise kind 'misspell' is given twice"),
        ("misspell", r"is not KIND:RATE"),
    ],
)
def test_spec_errors_are_one_line(text, message) -> None:
    with pytest.raises(DistillError, match=message) as error:
        NoiseSpec.parse(text)
    assert "\n" not in str(error.value)


def test_a_bad_spec_on_the_command_line_is_one_line_and_exit_2(tmp_path, capsys) -> None:
    assert main(["evaluate", "--students", str(tmp_path), "--noise", "misspell:often"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == "error: noise 'misspell' needs a number, got 'often'"
    assert not any("Traceback" in line for line in err)



def test_human_misspellings_noise_the_students_side_in_training(tiny_bert_dir, tiny_corpus, tmp_path) -> None:  # noqa: F811
    config = context_config(tiny_bert_dir, tiny_corpus, tmp_path, context_noise="typo:0.1; human",
                            context_noise_share=1.0)
    context = build_trainer(config, *prepare(config), torch.device("cpu")).phase(2)
    assert [str(spec) for spec in context.noise_specs] == ["typo:0.1", "misspell:0.15"]
    config = context_config(tiny_bert_dir, tiny_corpus, tmp_path, context_noise="misspell:1",
                            context_noise_share=1.0)
    context = build_trainer(config, *prepare(config), torch.device("cpu")).phase(2)
    indices = list(range(32))
    noised, _ = context.noised_examples(indices, torch.Generator().manual_seed(0))
    changed = sum(example != context.examples[index] for index, example in zip(indices, noised))
    assert changed >= 24  # every sentence with a plain word of four letters or more
