"""The spell-check-first contender: the corrector (distill.noise.spelling) and its rows in every noisy evaluation."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import torch
from test_robustness import split_word_corpus  # noqa: F401 (a fixture)
from test_surgery import lookup_student
from transformers import AutoTokenizer

from distill.data import check_given_noise, document_part, joined_corpus, noised_corpus
from distill.errors import DistillError
from distill.evaluation import (
    BASELINE,
    TASKS,
    EvaluationSettings,
    ScoreKey,
    differences,
    evaluate,
    load_corpus,
    score_variants,
)
from distill.evaluation.contender import (
    SPELL_CHECK_PREFIX,
    SPELL_CHECKED,
    Rewritten,
    RewrittenSentences,
    spell_checked,
)
from distill.noise.specs import GIVEN_NOISE, NoiseSpec
from distill.noise.spelling import correct_text, correct_unknown_word, correct_word
from distill.swap.surgery import input_embeddings, load_transformer

MISSPELT = ["The cat wlak to the hosue.", "A smal hapy dog at nihgt.", "They wirte a boook by the rivr.",
            "She will read the gren book.", "The big dog is in the hosue."]
CORRECTED = ["The cat walk to the house.", "A small happy dog at night.", "They write a book by the river.",
             "She will read the green book.", "The big dog is in the house."]


def test_the_corrector_fixes_human_misspellings_word_by_word() -> None:
    assert correct_word("recieve") == "receive"
    assert correct_text("I will recieve the seperate goverment report definately.") == \
        "I will receive the separate government report definitely."
    assert [correct_text(text) for text in MISSPELT] == CORRECTED


def test_the_corrector_keeps_case_punctuation_and_what_is_not_a_word() -> None:
    assert correct_text('"Recieve" (thier) wlak!') == '"Receive" (their) walk!'
    kept = "os.path dtype=float32 https://docs.python.org/3/ utf8 max_length 3.14 API JSON x a I don't"
    assert correct_text(kept) == kept
    spaced = "  two\tspaces\n\nand a newline  "
    assert correct_text(spaced) == spaced


def test_the_contender_reads_the_same_sentences_corrected(tiny_bert_dir, tmp_path: Path) -> None:
    misspelt, corrected = tmp_path / "misspelt.txt", tmp_path / "corrected.txt"
    misspelt.write_text(" ".join(MISSPELT) + "\n")
    corrected.write_text(" ".join(CORRECTED) + "\n")
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    seen: list[torch.Tensor] = []
    model.register_forward_pre_hook(lambda module, args, kwargs: seen.append(kwargs["input_ids"].clone()),
                                    with_kwargs=True)
    embeddings = input_embeddings(model)

    def inputs(path: Path, variants: dict) -> list[torch.Tensor]:
        seen.clear()
        scores = score_variants(model, tokenizer, variants, [load_corpus(str(path))], [TASKS["fidelity"]], [0],
                                samples=4, max_length=32, batch_size=4)
        return list(seen), scores

    (baseline_read, contender_read), scores = inputs(misspelt, {BASELINE: embeddings,
                                                                 SPELL_CHECKED: spell_checked(embeddings)})
    (expected,), _ = inputs(corrected, {BASELINE: embeddings})
    assert torch.equal(contender_read, expected)  # the same sentences, in the same order, corrected
    assert not torch.equal(baseline_read, contender_read)
    metrics = {key.metric for key in scores.values if key.model == SPELL_CHECKED}
    assert metrics == {"sentence_cosine", "similarity_spearman"}  # no token_cosine: its tokens differ
    assert scores.values[ScoreKey(SPELL_CHECKED, "misspelt", "fidelity", "sentence_cosine")][0] < 1.0


def test_an_unchanged_rewrite_reads_as_the_baseline(tiny_bert_dir, split_word_corpus, tmp_path) -> None:  # noqa: F811
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    embeddings = input_embeddings(model)
    spec = NoiseSpec.parse("typo:0.2")
    scores = score_variants(model, tokenizer, {BASELINE: embeddings, "same": Rewritten(embeddings, str)},
                            [load_corpus(str(split_word_corpus))], [TASKS["fidelity"]], [0, 1], samples=8,
                            max_length=48, batch_size=3, noise=[spec])
    dataset = f"words ~ {spec}"
    for metric in ("sentence_cosine", "similarity_spearman"):
        assert scores.values[ScoreKey("same", dataset, "fidelity", metric)] == pytest.approx([1.0, 1.0])
    for metric in ("sentence_cosine_clean", "similarity_spearman_clean"):
        key = ScoreKey("same", dataset, "fidelity", metric)
        assert scores.values[key] == pytest.approx(scores.values[key._replace(model=BASELINE)], abs=1e-12)


def test_every_noisy_evaluation_scores_the_contender(tiny_bert_dir, split_word_corpus, tmp_path) -> None:  # noqa: F811
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=4)
    result = evaluate([str(student)], replace(settings, noise=["clean", "human", "typo:0.1"]), quiet=True)
    values = result.scores.values
    assert result.scores.models[-1] == SPELL_CHECKED
    contender = {key for key in values if key.model == SPELL_CHECKED}
    assert {key.task for key in contender} == {"fidelity"}  # MLM and NSP labels belong to the tokens read
    assert {(key.dataset, key.metric) for key in contender} == {
        ("words", "sentence_cosine"), ("words", "similarity_spearman"),
        *((f"words ~ {spec}", metric) for spec in ("misspell:0.15", "typo:0.1")
          for metric in ("sentence_cosine", "similarity_spearman", "sentence_cosine_clean",
                         "similarity_spearman_clean"))}
    # The tiny corpus is spelt right: corrected, it is the same text, read as the baseline reads it.
    assert values[ScoreKey(SPELL_CHECKED, "words", "fidelity", "sentence_cosine")] == pytest.approx([1.0, 1.0])
    assert {test.key for test in result.tests} >= contender  # tested against the baseline
    compared = {(diff.key.model, diff.reference) for diff in differences(result.scores, BASELINE, 0.05)}
    assert (result.scores.models[1], SPELL_CHECKED) in compared  # the student against correcting first
    assert SPELL_CHECKED in result.report
    assert SPELL_CHECKED not in evaluate([str(student)], settings, quiet=True).scores.models  # no noise, no contender


def test_the_vocabulary_free_path_is_also_scored_behind_the_spell_checker(tiny_bert_dir, split_word_corpus,  # noqa: F811
                                                                          tmp_path) -> None:
    """With ``--vocabulary-free`` each student's vocabulary-free path is scored on the spell-corrected text too: it
    reads the corrected text through that path (the tiny corpus is spelt right, so there it scores what the path
    scores)."""
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=4, tasks=["fidelity"], noise=["clean", "typo:0.1"],
                                  vocabulary_free=True, word_pieces=False)
    result = evaluate([str(student)], settings, quiet=True)
    path = result.scores.models[1]
    assert result.scores.models == [BASELINE, path, SPELL_CHECKED, SPELL_CHECK_PREFIX + path]
    values = result.scores.values
    for metric in ("sentence_cosine", "similarity_spearman"):
        behind = values[ScoreKey(SPELL_CHECK_PREFIX + path, "words", "fidelity", metric)]
        assert behind == pytest.approx(values[ScoreKey(path, "words", "fidelity", metric)], abs=1e-9)
        assert behind != pytest.approx(values[ScoreKey(SPELL_CHECKED, "words", "fidelity", metric)], abs=1e-6)
    noisy = {key.metric for key in values if key.model == SPELL_CHECK_PREFIX + path and "typo" in key.dataset}
    assert noisy == {"sentence_cosine", "similarity_spearman", "sentence_cosine_clean", "similarity_spearman_clean"}


def test_the_contender_rewrites_only_the_sentences_it_reads(tiny_bert_dir, split_word_corpus) -> None:  # noqa: F811
    """Spell-correcting a whole corpus per noise setting and seed, for the few hundred sentences scored, was most
    of the contender's time in the robustness study."""
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    embeddings = input_embeddings(model)
    corpus = load_corpus(str(split_word_corpus))
    rewritten: list[str] = []
    upper = Rewritten(embeddings, lambda sentence: rewritten.append(sentence) or sentence.upper())
    score_variants(model, tokenizer, {BASELINE: embeddings, "upper": upper}, [corpus], [TASKS["fidelity"]], [0, 1],
                   samples=4, max_length=48, batch_size=3, noise=[None, NoiseSpec.parse("typo:0.2")])
    assert len(corpus.sentences) > 8 and len(rewritten) == 2 * 2 * 4  # settings × seeds × samples


def test_rewritten_sentences_read_as_a_sequence_and_rewrite_each_once() -> None:
    calls: list[str] = []
    sentences = RewrittenSentences(("a", "b", "c"), lambda sentence: calls.append(sentence) or sentence * 2)
    assert len(sentences) == 3 and sentences[1] == "bb" and sentences[-1] == "cc" and sentences[1] == "bb"
    assert calls == ["b", "c"]  # each sentence once, and only those read
    assert sentences[0:2] == ["aa", "bb"] and list(sentences) == ["aa", "bb", "cc"]
    with pytest.raises(IndexError):
        sentences[3]


def learner_file(tmp_path: Path, extra: list[dict] | None = None) -> Path:
    """Sentences as people wrote them (``noisy``) beside their corrections (``text``), one row each."""
    path = tmp_path / "learners.jsonl"
    rows = [{"text": text, "noisy": noisy} for text, noisy in zip(CORRECTED, MISSPELT)] + (extra or [])
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_a_table_with_a_noisy_column_holds_each_row_corrected_and_as_written(tmp_path: Path) -> None:
    path = learner_file(tmp_path, [{"text": "Too short here.", "noisy": "Too shrt."},  # under 3 words as written
                                   {"text": "No noisy version of this one.", "noisy": None},
                                   {"text": "Spaced   out\tthe  house.", "noisy": "Spaced out the  hosue."}])
    corpus = load_corpus(str(path))
    assert corpus.sentences == (*CORRECTED, "Spaced out the house.")  # each row one passage, whitespace made one space
    assert corpus.noisy == (*MISSPELT, "Spaced out the hosue.")
    assert noised_corpus(corpus, GIVEN_NOISE, seed=7).sentences == corpus.noisy  # any seed: the text as written
    written = dict(zip(corpus.sentences, corpus.noisy))
    for part in ("train", "heldout"):  # a part keeps each row's two versions together
        split = document_part(corpus, part, heldout_share=0.5)
        assert split.noisy is not None and [written[text] for text in split.sentences] == list(split.noisy)
    assert joined_corpus([corpus, corpus]).noisy == corpus.noisy * 2
    (tmp_path / "plain.txt").write_text(MISSPELT[0])
    plain = load_corpus(str(tmp_path / "plain.txt"))
    assert plain.noisy is None and joined_corpus([corpus, plain]).noisy is None
    with pytest.raises(DistillError, match="corpus 'plain' has none"):
        noised_corpus(plain, GIVEN_NOISE, seed=0)


def test_a_noisy_column_with_no_usable_row_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_text("text,noisy\nOne two three four,\n")
    with pytest.raises(DistillError, match="no row with a 'text' and a 'noisy' text of at least 3 words"):
        load_corpus(str(path))


def test_given_noise_compares_the_text_as_written_with_its_correction(tiny_bert_dir, tmp_path: Path) -> None:
    """Under ``given`` every model reads the rows as written, and is compared with the baseline on their corrections:
    spell-check first corrects these rows exactly, so it reads what the baseline reads on the clean text."""
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    embeddings = input_embeddings(model)
    scores = score_variants(model, tokenizer, {BASELINE: embeddings, SPELL_CHECKED: spell_checked(embeddings)},
                            [load_corpus(str(learner_file(tmp_path)))], [TASKS["fidelity"]], [0, 1], samples=4,
                            max_length=32, batch_size=4, noise=[None, GIVEN_NOISE])
    def clean_cosines(label: str) -> list[float]:
        return scores.values[ScoreKey(label, "learners ~ given", "fidelity", "sentence_cosine_clean")]

    assert max(clean_cosines(BASELINE)) < 0.99
    assert clean_cosines(SPELL_CHECKED) == pytest.approx([1.0, 1.0], abs=1e-9)


def test_distill_evaluate_scores_a_file_as_written_beside_spell_check_first(tiny_bert_dir, tmp_path: Path) -> None:
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(learner_file(tmp_path))], seeds=2,
                                  samples=4, max_length=32, batch_size=4, tasks=["fidelity"], noise=["clean", "given"])
    result = evaluate([str(student)], settings, quiet=True, tracking_uri=f"sqlite:///{tmp_path}/mlflow.db")
    assert result.run_id is not None and "learners ~ given" in result.report
    assert result.scores.values[ScoreKey(SPELL_CHECKED, "learners ~ given", "fidelity", "sentence_cosine_clean")] \
        == pytest.approx([1.0, 1.0], abs=1e-9)


def test_oov_counts_the_text_as_written(tiny_bert_dir, tmp_path: Path) -> None:
    from distill.evaluation.oov import CLEAN, oov_table

    tokenizer = AutoTokenizer.from_pretrained(tiny_bert_dir)
    clean, written = oov_table(tokenizer, [load_corpus(str(learner_file(tmp_path)))], [GIVEN_NOISE], seed=0)
    assert (clean.noise, written.noise) == (CLEAN, "given")
    assert written.oov_words > clean.oov_words  # the tiny vocabulary knows the corrections, not the misspellings


def test_given_noise_reads_only_the_corpora_that_have_noisy_text(tiny_bert_dir, tmp_path: Path) -> None:
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    plain = tmp_path / "plain.txt"
    plain.write_text(" ".join(CORRECTED) + "\n")
    corpora = [load_corpus(str(learner_file(tmp_path))), load_corpus(str(plain))]
    check_given_noise(corpora, [None, GIVEN_NOISE])  # one corpus to read under it is enough
    scores = score_variants(model, tokenizer, {BASELINE: input_embeddings(model)}, corpora, [TASKS["fidelity"]],
                            [0, 1], samples=4, max_length=32, batch_size=4, noise=[None, GIVEN_NOISE])
    assert {key.dataset for key in scores.values} == {"learners", "learners ~ given", "plain"}
    with pytest.raises(DistillError, match=r"no corpus \('plain'\) has any"):
        check_given_noise(corpora[1:], [None, GIVEN_NOISE])


def test_only_words_wordfreq_does_not_know_are_corrected() -> None:
    # The dictionary alone would change these rare but real words (namespace -> namesake, archaea -> archaean).
    assert correct_text("namespace") != "namespace" and correct_text("archaea") != "archaea"
    assert correct_unknown_word("namespace") == "namespace" and correct_unknown_word("archaea") == "archaea"
    assert correct_unknown_word("becauze") == "because" and correct_unknown_word("recieive") == "receive"
