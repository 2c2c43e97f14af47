"""Robustness evaluation: noisy evaluation text and the vocabulary-free path."""

from __future__ import annotations

import copy
import json
import math
import re
import shlex
from dataclasses import replace
from pathlib import Path

import mlflow
import pytest
import torch
from scipy import stats
from test_evaluation import tiny_paragraphs
from test_surgery import lookup_student, small_bytescnn
from transformers import AutoTokenizer

from distill.cli import main
from distill.data import misspelt_words, noised_corpus, split_sentences
from distill.errors import DistillError
from distill.evaluation import (
    BASELINE,
    TASKS,
    EvaluationSettings,
    ScoreKey,
    ScoreTable,
    evaluate,
    load_corpus,
    resolve_tasks,
    score_variants,
)
from distill.evaluation.contender import SPELL_CHECK_PREFIX, SPELL_CHECKED
from distill.evaluation.runner import CORRECTED_SUFFIX, TRUTH_SUFFIX, spelling_correctors
from distill.evaluation.settings import noise_specs
from distill.noise.specs import GIVEN_NOISE, NoiseSpec
from distill.swap.surgery import StudentEmbedding, input_embeddings, load_transformer
from distill.swap.vocabulary_free import PIECE_POSITION, SUFFIX, VocabularyFreePath
from distill.workflows.robustness_document import NOTES_END, NOTES_START
from teachers.errors import TeacherError
from teachers.wordpiece import group_words
from teachers.words import WordSplitter


@pytest.fixture
def split_word_corpus(tmp_path: Path) -> Path:
    """The tiny BERT's whole words, plus words it splits (walk ##ed, read ##ing)."""
    path = tmp_path / "words.txt"
    paragraphs = tiny_paragraphs(paragraphs=4, sentences=4)
    path.write_text("\n\n".join(f"{text} She walked and they kept reading." for text in paragraphs) + "\n")
    return path


def _p_values_match(result) -> None:
    for test in result.tests:
        expected = stats.ttest_rel(result.scores.values[test.key],
                                   result.scores.values[test.key._replace(model=BASELINE)]).pvalue
        assert (math.isnan(test.p_value) and math.isnan(expected)) or test.p_value == pytest.approx(expected)


def test_group_words_merges_split_words_unless_masked() -> None:
    pieces = ["[CLS]", "walk", "##ed", "the", "read", "##ing", "##s", "[SEP]"]
    words = group_words(pieces, [False] * 8, "##")
    assert [(word.positions, word.text) for word in words] == [
        ([0], None), ([1, 2], "walked"), ([3], None), ([4, 5, 6], "readings"), ([7], None)]
    masked = group_words(pieces, [False, False, True, False, False, False, False, False], "##")
    assert [word.positions for word in masked][:4] == [[0], [1], [2], [3]]


def test_a_byte_level_word_cut_inside_a_character_stays_one_group(tiny_gpt2_dir) -> None:
    """Truncation can end a sequence inside a character that byte-level BPE spells in several pieces (the
    context phase's held-out Wikipedia sentences did): its stray bytes are kept, not pre-tokenised."""
    tokenizer = AutoTokenizer.from_pretrained(tiny_gpt2_dir)
    pieces = tokenizer.convert_ids_to_tokens(tokenizer("A café’s menu")["input_ids"])
    splitter = WordSplitter.for_tokenizer(tokenizer)
    for cut in range(2, len(pieces) + 1):
        words = splitter.group(pieces[:cut], [False] * cut)
        assert [position for word in words for position in word.positions] == list(range(cut))
    cut = pieces.index("Ģ")  # "café" and the first byte of "’"
    last = splitter.group(pieces[:cut], [False] * cut)[-1]
    assert last.positions == [cut - 2, cut - 1] and last.text == " café\udce2"  # its stray byte as a lone surrogate


def test_noise_is_fixed_by_the_seed_and_shared_by_every_model(tiny_bert_dir, split_word_corpus) -> None:
    corpus = load_corpus(str(split_word_corpus))
    spec = NoiseSpec.parse("hlm")
    first, again, other = (noised_corpus(corpus, spec, seed) for seed in (0, 0, 1))
    assert first == again and first.sentences != other.sentences
    assert first.sentences != corpus.sentences and other.sentences != corpus.sentences
    assert first.documents == corpus.documents

    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    variants = {BASELINE: input_embeddings(model),
                "student": StudentEmbedding.from_model(model, lookup_student(tiny_bert_dir, 0.1), tokenizer).baked()}
    seen: list[torch.Tensor] = []
    model.register_forward_pre_hook(lambda module, args, kwargs: seen.append(kwargs["input_ids"].clone()),
                                    with_kwargs=True)

    def fingerprints(noise):
        """The sample fingerprints, and per seed the first inputs the model read (one batch per seed)."""
        seen.clear()
        scores = score_variants(model, tokenizer, variants, [corpus], [TASKS["fidelity"]], [0, 1], samples=8,
                                max_length=32, batch_size=8, noise=[noise])
        per_seed = 3 if noise else 2  # under noise the baseline first reads the clean samples
        groups = [seen[index:index + per_seed] for index in range(0, len(seen), per_seed)]
        assert len(groups) == 2 and all(torch.equal(group[-2], group[-1]) for group in groups)  # both models
        return scores.fingerprints, [group[0] for group in groups]

    (noisy, clean_reference), (noisy_again, _), (clean, clean_inputs) = (
        fingerprints(spec), fingerprints(spec), fingerprints(None))
    assert noisy == noisy_again
    assert all(torch.equal(first, second) for first, second in zip(clean_reference, clean_inputs))
    noisy_name = f"words ~ {spec}"
    assert all(noisy[(noisy_name, task, seed)] != clean[("words", task, seed)] for _, task, seed in clean)
    assert noisy[(noisy_name, "fidelity", 0)] != noisy[(noisy_name, "fidelity", 1)]


def test_the_clean_reference_is_read_once_per_seed_for_every_noise_setting(tiny_bert_dir, split_word_corpus) -> None:
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    passes: list[int] = []
    model.register_forward_pre_hook(lambda module, args, kwargs: passes.append(1), with_kwargs=True)
    specs = [NoiseSpec.parse("typo:0.1"), NoiseSpec.parse("drop:0.1")]
    score_variants(model, tokenizer, {BASELINE: input_embeddings(model)}, [load_corpus(str(split_word_corpus))],
                   [TASKS["fidelity"]], [0, 1], samples=8, max_length=32, batch_size=8, noise=specs)
    assert len(passes) == 2 * (1 + len(specs))  # per seed: the clean samples once, then each noisy sample


def test_the_vocabulary_free_path_equals_wordpieces_without_split_words(tiny_bert_dir, tmp_path) -> None:
    path = tmp_path / "plain.txt"
    path.write_text("\n\n".join(tiny_paragraphs()) + "\n")  # whole vocabulary words only
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    live = StudentEmbedding.from_model(model, lookup_student(tiny_bert_dir), tokenizer)
    table = live.baked()
    variants = {BASELINE: input_embeddings(model), "student": table,
                "student" + SUFFIX: VocabularyFreePath(live.eval(), table, tokenizer)}
    scores = score_variants(model, tokenizer, variants, [load_corpus(str(path))], list(TASKS.values()), [0, 1],
                            samples=8, max_length=32, batch_size=4)
    for key, values in scores.values.items():
        if key.model == "student" + SUFFIX:
            assert values == scores.values[key._replace(model="student")], key


def _passes_and_scores(model, tokenizer, variants, corpus) -> tuple[int, ScoreTable]:
    """The encoder's forward passes while every task scores ``variants`` on two seeds, and the scores."""
    passes: list[int] = []
    hook = model.bert.register_forward_pre_hook(lambda module, args: passes.append(1))
    try:
        scores = score_variants(model, tokenizer, variants, [corpus], list(TASKS.values()), [0, 1], samples=8,
                                max_length=32, batch_size=4)
    finally:
        hook.remove()
    return len(passes), scores


def test_a_vocabulary_free_path_with_the_tables_inputs_reuses_its_forward_pass(tiny_bert_dir, tmp_path) -> None:
    path = tmp_path / "plain.txt"
    path.write_text("\n\n".join(tiny_paragraphs()) + "\n")  # whole vocabulary words: the same inputs on both paths
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    live = StudentEmbedding.from_model(model, lookup_student(tiny_bert_dir), tokenizer).eval()
    table, corpus = live.baked(), load_corpus(str(path))

    def variants(path_table: torch.nn.Module) -> dict[str, torch.nn.Module | VocabularyFreePath]:
        return {BASELINE: input_embeddings(model), "student": table,
                "student" + SUFFIX: VocabularyFreePath(live, path_table, tokenizer)}

    shared_passes, shared = _passes_and_scores(model, tokenizer, variants(table), corpus)
    full_passes, full = _passes_and_scores(model, tokenizer, variants(copy.deepcopy(table)), corpus)  # no reuse
    batches = full_passes // 3
    assert full_passes == 3 * batches and shared_passes == 2 * batches + 1  # the first reuse checked by a real pass
    assert shared.values == full.values

    def shifted_embeds(module, args, kwargs):  # a model that reads inputs_embeds otherwise than its ids' rows
        if kwargs.get("inputs_embeds") is not None:
            kwargs["inputs_embeds"] = kwargs["inputs_embeds"] + 0.01
        return args, kwargs

    model.bert.embeddings.register_forward_pre_hook(shifted_embeds, with_kwargs=True)
    checked_passes, checked = _passes_and_scores(model, tokenizer, variants(table), corpus)
    assert checked_passes == 3 * batches  # the check failed: every vocabulary-free batch ran in full
    cosine = ScoreKey("student", "plain", "fidelity", "token_cosine")
    assert checked.values[cosine._replace(model="student" + SUFFIX)] != checked.values[cosine]


def test_vocabulary_free_inputs_shorten_the_sequence_and_keep_segments(tiny_bert_dir) -> None:
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    live = StudentEmbedding.from_model(model, lookup_student(tiny_bert_dir), tokenizer)
    batch = dict(tokenizer(["the cat walked"], ["she is reading"], return_tensors="pt"))
    words = VocabularyFreePath(live.eval(), live.baked(), tokenizer).inputs(batch)
    # [CLS] the cat walk ##ed [SEP] she is read ##ing [SEP]: 11 pieces, 9 positions
    assert batch["input_ids"].shape[1] == 11 and words["inputs_embeds"].shape[1] == 9
    assert words["token_type_ids"].tolist() == [[0, 0, 0, 0, 0, 1, 1, 1, 1]]
    assert words[PIECE_POSITION].tolist() == [[0, 1, 2, 3, 3, 4, 5, 6, 7, 7, 8]]
    assert torch.equal(words["inputs_embeds"][0, 3], live.embed_words(["walked"])[0])
    assert torch.equal(words["inputs_embeds"][0, 1], input_embeddings(model)(batch["input_ids"][0, 1]))


def test_vocabulary_free_evaluation_on_tiny_bert_with_noise(tiny_bert_dir, split_word_corpus, tmp_path) -> None:
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=3, samples=8,
                                  max_length=48, batch_size=4, noise=["drop:0.1,repeat:0.2,case:0.5"],
                                  vocabulary_free=True)
    result = evaluate([str(student)], settings, quiet=True)
    models = result.scores.models
    assert models == [BASELINE, models[1], models[1] + SUFFIX, SPELL_CHECKED, SPELL_CHECK_PREFIX + models[1] + SUFFIX]
    assert {key.task for key in result.scores.values} == {"mlm", "nsp", "fidelity"}
    assert all(len(values) == 3 for values in result.scores.values.values())
    vocabulary_free = [key for key in result.scores.values if key.model == models[2]]
    # each word at the positions the tokenizer gives it, each piece the student's row of it: the pieces' scores
    assert vocabulary_free and all(result.scores.values[key] == result.scores.values[key._replace(model=models[1])]
                             for key in vocabulary_free)
    # mlm, nsp, 3 fidelity metrics and 2 against the clean text; each model behind the spell-checker (the untouched
    # one and the vocabulary-free path): the 4 sentence metrics
    assert len(result.tests) == 2 * 7 + 2 * 4
    _p_values_match(result)
    dataset = "words ~ drop:0.1,repeat:0.2,case:0.5"
    clean_cosines = result.scores.values[ScoreKey(BASELINE, dataset, "fidelity", "sentence_cosine_clean")]
    assert all(value < 1.0 for value in clean_cosines)  # the untouched model on noisy text is not itself on clean
    params = mlflow.get_run(result.run_id).data.params
    assert params["noise"] == "drop:0.1,repeat:0.2,case:0.5" and params["vocabulary_free"] == "True"


def test_noise_free_comparison_with_the_clean_text_equals_the_plain_fidelity(tiny_bert_dir, split_word_corpus,
                                                                            tmp_path) -> None:
    # A noise of rate 0 leaves the text clean: the metrics against the clean text must then equal the
    # plain ones, which checks that each noisy sample is paired with its own clean sentence.
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=3, tasks=["fidelity"], noise=["drop:0.0"])
    result = evaluate([str(student)], settings, quiet=True)
    values = result.scores.values
    for key in [key for key in values if key.metric in ("sentence_cosine", "similarity_spearman")]:
        assert values[key._replace(metric=f"{key.metric}_clean")] == pytest.approx(values[key], abs=1e-12), key
    baseline = values[ScoreKey(BASELINE, "words ~ drop:0.0", "fidelity", "sentence_cosine_clean")]
    assert baseline == pytest.approx([1.0, 1.0])


def test_the_meant_words_task_under_a_noise_of_rate_zero_scores_as_on_the_clean_text(tiny_bert_dir, split_word_corpus,
                                                                                       tmp_path) -> None:
    # mlm-meant masks the clean text's words under noise: where the noise changes nothing, every model (the
    # vocabulary-free path too) must score exactly as on the clean text, seed by seed.
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=3, tasks=["mlm-meant"], noise=["clean", "drop:0.0"],
                                  vocabulary_free=True)
    values = evaluate([str(student)], settings, quiet=True).scores.values
    scored = [key for key in values if key.dataset == "words"]
    assert {key.metric for key in values} == {"mlm_meant_accuracy"} and len(scored) == 3
    for key in scored:
        assert values[key._replace(dataset="words ~ drop:0.0")] == values[key], key
    model = load_transformer(str(tiny_bert_dir)).model
    assert "mlm-meant" not in [task.name for task in resolve_tasks(None, model)]  # run only when named
    assert [task.name for task in resolve_tasks(["mlm-meant"], model)] == ["mlm-meant"]


def test_without_word_pieces_only_the_vocabulary_free_path_is_scored(tiny_bert_dir, split_word_corpus,
                                                                      tmp_path) -> None:
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=4, tasks=["fidelity"], noise=["typo:0.1"],
                                  vocabulary_free=True, word_pieces=False)
    models = evaluate([str(student)], settings, quiet=True).scores.models
    assert models == [BASELINE, models[1], SPELL_CHECKED, SPELL_CHECK_PREFIX + models[1]]
    assert models[1].endswith(SUFFIX)
    with pytest.raises(DistillError, match="nothing to be scored on"):
        evaluate([str(student)], replace(settings, vocabulary_free=False), quiet=True)


def test_correct_spelling_adds_the_corrected_vocabulary_free_path(tiny_bert_dir, split_word_corpus, tmp_path) -> None:
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=4, tasks=["mlm"], noise=["human"],
                                  vocabulary_free=True, word_pieces=False, correct_spelling=True)
    result = evaluate([str(student)], settings, quiet=True)
    models = result.scores.models
    assert models == [BASELINE, models[1], models[1] + CORRECTED_SUFFIX]  # MLM compares no sentences: no spell-check
    assert models[1].endswith(SUFFIX)
    assert {key.model for key in result.scores.values} == set(models)
    assert mlflow.get_run(result.run_id).data.params["correct_spelling"] == "True"
    with pytest.raises(DistillError, match="--correct-spelling reads words on the vocabulary-free path"):
        evaluate([str(student)], replace(settings, vocabulary_free=False, word_pieces=True), quiet=True)


def test_truth_spelling_adds_a_path_reading_each_misspelt_word_as_the_word_it_was(
    tiny_bert_dir, split_word_corpus, tmp_path
) -> None:
    """``--truth-spelling``: a perfect spell-checker beside the real one, the ceiling of ``--correct-spelling``."""
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=4, tasks=["mlm"], noise=["human"],
                                  vocabulary_free=True, word_pieces=False, correct_spelling=True, truth_spelling=True)
    result = evaluate([str(student)], settings, quiet=True)
    models = result.scores.models
    assert models == [BASELINE, models[1], models[1] + CORRECTED_SUFFIX, models[1] + TRUTH_SUFFIX]
    assert {key.model for key in result.scores.values} == set(models)
    assert mlflow.get_run(result.run_id).data.params["truth_spelling"] == "True"
    corpus = load_corpus(str(split_word_corpus))  # the path reads each misspelling of the evaluated seeds back
    read_as = spelling_correctors(settings, [corpus], noise_specs(settings.noise))[TRUTH_SUFFIX]
    pairs = [(meant, wrote) for seed in range(settings.seeds)
             for clean, noisy in zip(corpus.sentences, noised_corpus(corpus, NoiseSpec.parse("human"), seed).sentences)
             for meant, wrote in zip(clean.split(), noisy.split()) if meant.isalpha() and wrote.isalpha()]
    # a misspelling that spells a word of the clean text is read as written
    clean_words = {word.strip(".,").lower() for sentence in corpus.sentences for word in sentence.split()}
    misspelt = [(meant.lower(), wrote.lower()) for meant, wrote in pairs
                if meant != wrote and wrote.lower() not in clean_words]
    assert misspelt and all(read_as(wrote) == meant for meant, wrote in misspelt)
    assert all(read_as(word.lower()) == word.lower() for word, _ in pairs)  # clean words read as written
    with pytest.raises(DistillError, match="--truth-spelling reads words on the vocabulary-free path"):
        evaluate([str(student)], replace(settings, vocabulary_free=False, word_pieces=True, correct_spelling=False),
                 quiet=True)


def test_misspelt_words_maps_each_word_the_noise_wrote_otherwise_to_the_word_it_was(split_word_corpus) -> None:
    corpus = load_corpus(str(split_word_corpus))
    human = NoiseSpec.parse("misspell:0.5")
    truth = misspelt_words([corpus], [None, human], range(3))
    clean_words = {word.strip(".,").lower() for sentence in corpus.sentences for word in sentence.split()}
    changed = 0
    for seed in range(3):
        for clean, noisy in zip(corpus.sentences, noised_corpus(corpus, human, seed).sentences):
            for meant, wrote in zip(clean.split(), noisy.split()):
                written = wrote.strip(".,").lower()
                if meant != wrote:
                    changed += 1
                    # a clean word is never read as another; any other misspelling is read as a word it was written for
                    assert (written in clean_words) == (written not in truth)
                    assert written not in truth or truth[written] in clean_words
    assert changed and all(truth[wrote] != wrote for wrote in truth)
    assert misspelt_words([corpus], [None], range(3)) == {}  # clean text: nothing misspelt
    people = replace(corpus, noisy=tuple(sentence.replace("walked", "wlaked") for sentence in corpus.sentences))
    assert misspelt_words([people], [GIVEN_NOISE], range(3)) == {"wlaked": "walked"}


def test_several_noise_settings_are_datasets_of_one_run(tiny_bert_dir, split_word_corpus, tmp_path) -> None:
    student = lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=4, tasks=["fidelity"], vocabulary_free=True)
    noises = ["clean", "typo:0.1", "drop:0.1"]  # two noisy settings share each seed's clean reference
    both = evaluate([str(student)], replace(settings, noise=noises), quiet=True).scores.values
    alone = {}
    for noise in noises:
        alone |= evaluate([str(student)], replace(settings, noise=[noise]), quiet=True).scores.values
    assert {key.dataset for key in both} == {"words", "words ~ typo:0.1", "words ~ drop:0.1"}
    assert set(both) == set(alone)
    for key, values in both.items():
        assert values == pytest.approx(alone[key], abs=1e-9), key


def test_a_vocabulary_free_export_is_evaluated_as_its_student(tiny_bert_dir, split_word_corpus, tmp_path) -> None:
    from distill.export.folder import export_vocabulary_free

    student = small_bytescnn(32)
    saved = student.save_pretrained(tmp_path / "student")
    exported = export_vocabulary_free(str(tiny_bert_dir), student, tmp_path / "export")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(split_word_corpus)], seeds=2, samples=8,
                                  max_length=48, batch_size=4, tasks=["fidelity"], vocabulary_free=True,
                                  noise=["typo:0.1"])
    from_export = evaluate([str(exported)], settings, quiet=True).scores.values
    from_folder = evaluate([str(saved)], settings, quiet=True).scores.values
    assert len(from_export) == len(from_folder)
    for key, values in from_folder.items():
        same = key._replace(model=key.model.replace("-student", "-export"))  # labels end in the folder's name
        assert from_export[same] == pytest.approx(values, abs=1e-6), key


def test_the_vocabulary_free_path_on_embedded_minilm_from_the_command_line(embedded_dir, tmp_path, capsys) -> None:
    torch.manual_seed(0)
    student = small_bytescnn(384).save_pretrained(tmp_path / "bytescnn")
    code = main(["evaluate", "--students", str(student), "--seeds", "3", "--samples", "6", "--max-length", "24",
                 "--noise", "hlm", "--vocabulary-free", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"bytescnn-small-bytescnn{SUFFIX}" in out
    (run,) = mlflow.search_runs(experiment_names=["distill-evaluate"], output_format="list")
    assert run.data.params["noise"] == str(NoiseSpec.parse("hlm"))
    p_values = {key: value for key, value in run.data.metrics.items() if key.endswith("/p_value")}
    # 2 models (WordPiece and vocabulary-free) x 2 default domains x 5 metrics, + 4 for each model behind the
    # spell-checker (the untouched one and the vocabulary-free path)
    assert len(p_values) == 2 * 2 * 5 + 2 * 2 * 4 and all(0 <= value <= 1 for value in p_values.values())


def test_bad_noise_and_vocabulary_free_without_a_word_splitter_are_refused(tiny_wordlevel_dir, tmp_path) -> None:
    with pytest.raises(DistillError, match="unknown noise kind 'smudge'"):
        evaluate(["x"], EvaluationSettings(noise=["smudge:0.1"]))
    with pytest.raises(TeacherError, match=r"no word splitter for \w+ \(WordLevel model, pre-tokenizer Whitespace\)"):
        evaluate(["x"], EvaluationSettings(model=str(tiny_wordlevel_dir), vocabulary_free=True))


def test_robustness_study_writes_the_document_from_exported_students(tiny_bert_dir, split_word_corpus,
                                                                    tmp_path, capsys) -> None:
    student = small_bytescnn(32).save_pretrained(tmp_path / "student")
    out = tmp_path / "robustness.md"
    out.write_text(f"old tables\n{NOTES_START}\nhand-written findings\n{NOTES_END}\n")
    # Each domain gets its own tables and goal; the second holds its text as written too, read under ``given``.
    second_domain = tmp_path / "second.jsonl"
    sentences = split_sentences(" ".join(split_word_corpus.read_text().split()))
    second_domain.write_text("".join(json.dumps({"text": sentence, "noisy": sentence.replace("walked", "wakled")})
                                     + "\n" for sentence in reversed(sentences)))
    arguments = ["robustness", "--students", str(student), "--model", str(tiny_bert_dir),
                 "--datasets", str(split_word_corpus), str(second_domain),
                 "--noise", "clean", "typo:0.1", "hlm", "human", "given", "--seeds", "2",
                 "--samples", "8", "--max-length", "48", "--exports", str(tmp_path / "exports"),
                 "--out", str(out), "--quiet"]
    assert main(arguments) == 0, capsys.readouterr().err
    document = out.read_text()
    assert f"Regenerated by `distill {shlex.join(arguments)}`" in document  # the command given, not pytest's
    assert "old tables" not in document and "hand-written findings" in document  # notes kept, tables new
    assert (tmp_path / "exports" / "student" / "config.json").is_file()  # the export is what was evaluated
    label = f"bytescnn-small-student{SUFFIX}"
    headings = re.findall(rf"## Noisy text, `(.+)`: `{label}` against the untouched model and spell-check first",
                          document)
    assert headings == [split_word_corpus.stem, second_domain.stem]
    assert len(re.findall(rf"\* `{label}` on `.+`: goal \*\*not reached\*\*", document)) == 2
    assert re.search(r"\| `second` \| `" + re.escape(label) + r"` \| -?[0-9.]+ ± ", document)  # clean, per domain
    assert "| `second` | `bytescnn-small-student` |" not in document  # the study scores the vocabulary-free path only
    assert "| noise | metric | untouched | spell-check first | vocabulary-free |" in document
    assert "| spell-check, then vocabulary-free | that vs spell-check first (paired t-test) |" in document
    assert f"`{SPELL_CHECK_PREFIX}{label}` on" not in document  # behind the spell-checker it is a contender, no goal
    for setting in ("typo:0.1", str(NoiseSpec.parse("hlm")), "misspell:0.15"):
        assert f"| `{setting}` | sentence_cosine_clean |" in document
        assert f"| `{setting}` | similarity_spearman_clean |" in document
    # spell-check first on the clean text: sentence metrics, no token_cosine (its tokens differ)
    assert re.search(rf"\| `{SPELL_CHECKED}` \| [0-9.]+ ± [0-9.]+ \| [0-9.]+ ± [0-9.]+ \| — \|", document)
    assert "human sentence_cosine_clean" in document and "than spell-check first (p = " in document
    # real misspellings only where a domain has them: one row per metric, and in the second domain's goal alone
    assert document.count("| `given` | sentence_cosine_clean |") == 1
    assert "* `given` noise: real misspellings" in document
    first_goal, second_goal = re.findall(rf"\* `{label}` on `.+`: goal .*", document)
    assert "given sentence_cosine_clean" not in first_goal and "given sentence_cosine_clean" in second_goal


def test_robustness_study_refuses_a_bad_noise_setting_before_any_work(tmp_path, capsys) -> None:
    out = tmp_path / "robustness.md"
    assert main(["robustness", "--students", str(tmp_path), "--noise", "smudge:0.1", "--out", str(out),
                 "--exports", str(tmp_path / "exports")]) == 2
    assert "unknown noise kind 'smudge'" in capsys.readouterr().err
    assert not out.exists() and not (tmp_path / "exports").exists()


def test_the_study_trains_on_general_english_and_judges_a_domain_it_never_read() -> None:
    from distill.config.training import config_from_mapping
    from distill.workflows.robustness import RECIPE, STUDY

    recipe = config_from_mapping(RECIPE)
    assert recipe.student == "ngrams" and recipe.corpus == "wiki"
    assert not recipe.context_one_position  # denoised in the export's layout: each word at the tokenizer's pieces
    assert recipe.context_epochs > 0 and "human" in recipe.context_noise
    judged = {name.partition(":")[0] for name in STUDY["datasets"]}
    assert all(name.endswith(":heldout") for name in STUDY["datasets"])
    assert judged - {recipe.corpus}, "at least one judged domain is text the student never trained on"
