"""OOV analysis: [UNK] rate, OOV sentences, fertility, clean and noised."""

import mlflow
import pytest

from distill.cli import main
from distill.data import Corpus, noised_corpus
from distill.evaluation.oov import analyse, oov_table
from distill.noise.specs import NoiseSpec
from teachers import load_tokenizer

SENTENCES = ["the cats walked", "zzz dog", "the café"]


def test_counts_match_a_hand_count(tiny_bert_dir) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    stats = analyse(tokenizer, SENTENCES, "hand", "clean")
    # the | cat ##s | walk ##ed — zzz→[UNK] | dog — the | café→[UNK] (no "##afe" in the tiny vocabulary)
    assert (stats.sentences, stats.words, stats.wordpieces) == (3, 7, 9)
    assert (stats.unk_pieces, stats.oov_words, stats.oov_sentences, stats.split_words) == (2, 2, 2, 2)
    assert stats.unk_rate == pytest.approx(2 / 9) and stats.fertility == pytest.approx(9 / 7)
    assert stats.oov_sentence_rate == pytest.approx(2 / 3) and stats.split_word_rate == pytest.approx(2 / 7)


def test_noise_is_seeded_and_raises_fertility(embedded_dir) -> None:
    tokenizer = load_tokenizer(str(embedded_dir))
    corpus = Corpus("doc", ("The documentation describes the standard library in detail.",) * 50, (0,) * 50)
    noise = NoiseSpec.parse("hlm")
    first, again, other = (oov_table(tokenizer, [corpus], [noise], seed=seed, samples=40) for seed in (1, 1, 2))
    assert first == again and first[1] != other[1] and first[0].sentences == 40
    clean, noisy = first
    assert noisy.fertility > clean.fertility and noisy.split_word_rate > clean.split_word_rate
    # The same noise as the evaluation's on those sentences (seed 1).
    evaluated = noised_corpus(Corpus("doc", corpus.sentences[:40], corpus.documents[:40]), noise, 1)
    assert noisy == analyse(tokenizer, evaluated.sentences, "doc", str(noise))


def test_oov_command_prints_and_records_the_table(tmp_path, tiny_bert_dir, capsys) -> None:
    corpus = tmp_path / "corpus.txt"
    sentences = (f"The cats walked to the city. The dog {index} ran in the café." for index in range(20))
    corpus.write_text("\n\n".join(sentences))
    assert main(["oov", "--model", str(tiny_bert_dir), "--datasets", str(corpus), "--noise", "drop:0.3",
                 "--noise", "hlm"]) == 0
    out = capsys.readouterr().out
    assert "| corpus | noise |" in out and "drop:0.3" in out
    (run,) = mlflow.search_runs(search_all_experiments=True, output_format="list")
    assert run.data.params["noise1"] == "drop:0.3"
    assert {"corpus.clean.unk_rate", "corpus.noise2.fertility"} <= set(run.data.metrics)
    artifacts = {item.path for item in mlflow.MlflowClient().list_artifacts(run.info.run_id)}
    assert artifacts == {"oov.csv", "oov.md"}


def test_bad_noise_spec_is_a_one_line_error(tiny_bert_dir, capsys) -> None:
    assert main(["oov", "--model", str(tiny_bert_dir), "--noise", "smudge:0.1"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "unknown noise kind 'smudge'" in error
