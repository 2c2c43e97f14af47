"""The robustness study's report (the project's: ``docs/robustness.md``), written from one evaluation's scores.

Set-up, commands, and per judged domain: the clean-text fidelity of every model, whether each
vocabulary-free model reaches the study's goal, and per noise setting the clean-reference metrics
(``sentence_cosine_clean``, ``similarity_spearman_clean``) of the untouched model, spell-check first and the
vocabulary-free model, with the vocabulary-free model's paired t-tests against both. A hand-written block
between the notes markers is kept when the document is regenerated.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distill.evaluation.contender import SPELL_CHECK_PREFIX, SPELL_CHECKED
from distill.evaluation.runner import BASELINE, EvaluationResult
from distill.evaluation.settings import EvaluationSettings, noise_specs, noised_dataset_name
from distill.evaluation.statistics import ScoreKey, paired_difference
from distill.files.markdown import markdown_table
from distill.noise.specs import GIVEN
from distill.swap.vocabulary_free import SUFFIX

if TYPE_CHECKING:
    from distill.workflows.robustness import TrainedStudent  # which imports this module when the study runs

# The noise under which the goal asks for a better reading; ``given``: real misspellings, in a corpus that has them.
GOAL_SETTINGS = ("typo:0.1", "hlm", "human", GIVEN)
CONTENDERS = ((BASELINE, "untouched"), (SPELL_CHECKED, "spell-check first"))  # what a student must beat
CLEAN_GOAL = 0.95  # sentence_cosine on clean text the vocabulary-free model must keep
NOTES_START, NOTES_END = "<!-- notes: kept when the document is regenerated -->", "<!-- /notes -->"


def domain_names(result: EvaluationResult) -> list[str]:
    """The judged corpora (domains) in the order they were scored, as the scores' datasets carry them
    (``<corpus> ~ <noise>`` when noised)."""
    return list(dict.fromkeys(key.dataset.split(" ~ ")[0] for key in result.scores.values))


def _cell(values: Sequence[float] | None) -> str:
    if not values:
        return "—"  # not scored (spell-check first has no token_cosine: its tokens differ)
    mean = sum(values) / len(values)
    std = math.sqrt(sum((value - mean) ** 2 for value in values) / (len(values) - 1)) if len(values) > 1 else 0.0
    return f"{mean:.4f} ± {std:.4f}"


def _verdict(difference: float, p_value: float, alpha: float) -> str:
    if math.isnan(p_value) or p_value >= alpha:
        return f"not significantly different (p = {p_value:.2g})"
    return f"**{'higher' if difference > 0 else 'lower'}** (p = {p_value:.2g})"


def _versus(ours: Sequence[float] | None, theirs: Sequence[float] | None, alpha: float) -> str:
    """The mean paired difference ``ours - theirs`` and its paired t-test at level ``alpha``."""
    if not ours or not theirs:
        return "—"
    difference, *_, p_value = paired_difference(list(ours), list(theirs))
    return f"{difference:+.4f}, {_verdict(difference, p_value, alpha)}"


def comparison_rows(result: EvaluationResult, student: str, settings: EvaluationSettings, domain: str,
                    metrics: Sequence[str]) -> list[list[str]]:
    """Per noise setting and metric on ``domain``: the untouched model, spell-check first, the student, the
    student's difference from each of the two with its paired t-test; then the student behind the spell-checker
    and its difference from spell-check first."""
    rows = []
    for setting in noise_specs(settings.noise):
        if setting is None:
            continue
        dataset = noised_dataset_name(domain, setting)
        for metric in metrics:
            key = ScoreKey(student, dataset, "fidelity", metric)
            if key not in result.scores.values:  # ``given`` on a domain without noisy text
                continue
            ours = result.scores.values[key]
            contenders = [result.scores.values.get(key._replace(model=model)) for model, _ in CONTENDERS]
            behind = result.scores.values.get(key._replace(model=SPELL_CHECK_PREFIX + student))
            rows.append([f"`{setting}`", metric, *map(_cell, contenders), _cell(ours),
                         *(_versus(ours, theirs, settings.alpha) for theirs in contenders),
                         _cell(behind), _versus(behind, contenders[-1], settings.alpha)])
    return rows


def kept_notes(previous: str) -> str:
    """The hand-written block of a previous document (between the notes markers), kept on regeneration."""
    start, end = previous.find(NOTES_START), previous.find(NOTES_END)
    if start < 0 or end < start:
        return f"{NOTES_START}\n## Notes\n\n(What was tried, and what the figures mean.)\n{NOTES_END}"
    return previous[start:end + len(NOTES_END)]


def render_study(result: EvaluationResult, students: Sequence[TrainedStudent], folders: Sequence[Path],
                 settings: EvaluationSettings, command: str, recipe: Mapping[str, Any], notes: str = "") -> str:
    """The report: the question, the set-up, the commands, the measured tables, and ``notes``
    (the hand-written block, kept from the previous version)."""
    models = [model for model in result.scores.models if model != BASELINE]
    vocabulary_free = [model for model in models
                       if model.endswith(SUFFIX) and not model.startswith(SPELL_CHECK_PREFIX)]
    domains = domain_names(result)
    clean_rows = [[f"`{domain}`", f"`{model}`",
                   *(_cell(result.scores.values.get(ScoreKey(model, domain, "fidelity", metric)))
                     for metric in ("sentence_cosine", "similarity_spearman", "token_cosine"))]
                  for domain in domains for model in models
                  if ScoreKey(model, domain, "fidelity", "sentence_cosine") in result.scores.values]
    trained = [f"  * `{student.source}` → `{folder}`"
               + (f" (training epochs: {student.seconds / 60:.1f} min)" if student.seconds else "")
               for student, folder in zip(students, folders)]
    sections = [
        "# Robustness to character noise: the vocabulary-free MiniLM against the original",
        "",
        f"Regenerated by `{command}`. Every figure below comes from that one run.",
        "",
        "**Question** (reference study §3; RETVec §3; HLM §4.2): once a student trained with noise replaces "
        "the word embeddings, does the model read misspelt text closer to what the untouched model reads "
        "from the clean text, while staying faithful on clean text? And closer than a user gets by "
        "correcting the spelling first and keeping the untouched model?",
        "",
        "## Set-up",
        "",
        f"* Model: `{settings.model}` (the embedded all-MiniLM-L6-v2 unless named), frozen throughout.",
        "* Students (MLflow run or folder → vocabulary-free export evaluated):",
        *trained,
        f"* Recipe of a student trained by the command: `{recipe}`.",
        "* Evaluation, each domain on its own: "
        + ", ".join(f"`{domain}`" for domain in domains)
        + f" (`:heldout`: the documents a corpus holds out from training; the recipe trains on general English, "
        f"wiki's training documents; the Python documentation is a domain it never reads), {settings.seeds} seeds × "
        f"{settings.samples} sentences, max length "
        f"{settings.max_length}; every model sees the same samples "
        "per seed. `-vocabfree` is the vocabulary-free path, as in the export ("
        + ("each word at the positions the tokenizer gives it (the word segmenter), each piece the student's vector"
           if settings.segment_words else "each word one position, the student's vector of it") + ")"
        + ("; the label without it is the same student on the tokenizer's pieces." if settings.word_pieces else "."),
        "* `sentence_cosine_clean` / `similarity_spearman_clean`: a model on the noisy text against the "
        "untouched model on the clean text (1.0 = reads the noisy text as the original reads the clean one). "
        f"Paired t-tests over the seeds, level {settings.alpha}.",
        f"* `{SPELL_CHECKED}` (spell-check first): the untouched model on the text corrected word by word by "
        "symspellpy with its bundled English frequency dictionary, maximum edit distance 2 "
        "(`distill.noise.spelling`); scored on sentences only (its tokens differ from the others'). "
        f"`{SPELL_CHECK_PREFIX}<student>-vocabfree` (spell-check, then vocabulary-free): the vocabulary-free model "
        "behind the same spell-checker.",
        "* `human` noise: a human misspelling (phonetic, doubled or single letters, vowel confusions, "
        "transposed or dropped letters, documented misspellings; `distill.noise.misspellings`) in 15 % of the "
        "plain words.",
        *([f"* `{GIVEN}` noise: real misspellings, read only where a domain has them: each sentence as people wrote "
           "it (a corpus file's `noisy` column), against the untouched model on its correction (the `text` "
           "column)."] if GIVEN in (settings.noise or ()) else []),
        "",
        "## Clean text: fidelity to the untouched model",
        "",
        markdown_table(["domain", "model", "sentence_cosine", "similarity_spearman", "token_cosine"], clean_rows),
        "",
    ]
    sections += ["## Goal, per domain", "", *(goal_lines(result, model, settings, domain)
                                             for model in vocabulary_free for domain in domains), ""]
    for model in vocabulary_free:
        for domain in domains:
            sections += [
                f"## Noisy text, `{domain}`: `{model}` against the untouched model and spell-check first",
                "",
                markdown_table(["noise", "metric", "untouched", "spell-check first", "vocabulary-free",
                                "vs untouched (paired t-test)", "vs spell-check first (paired t-test)",
                                "spell-check, then vocabulary-free", "that vs spell-check first (paired t-test)"],
                               comparison_rows(result, model, settings, domain,
                                               ("sentence_cosine_clean", "similarity_spearman_clean"))),
                "",
            ]
    return "\n".join(sections + [notes]) + "\n"


def goal_lines(result: EvaluationResult, model: str, settings: EvaluationSettings, domain: str) -> str:
    """Whether ``model`` keeps clean fidelity on ``domain`` and, under each of :data:`GOAL_SETTINGS` evaluated,
    beats both the untouched model and spell-check first there."""
    values = result.scores.values
    clean = values[ScoreKey(model, domain, "fidelity", "sentence_cosine")]
    checks = [f"clean sentence_cosine {sum(clean) / len(clean):.4f} "
              f"{'≥' if sum(clean) / len(clean) >= CLEAN_GOAL else '<'} {CLEAN_GOAL}"]
    reached = sum(clean) / len(clean) >= CLEAN_GOAL
    for setting in GOAL_SETTINGS:
        if setting not in (settings.noise or ()):
            continue
        spec = noise_specs(setting)[0]
        for metric in ("sentence_cosine_clean", "similarity_spearman_clean"):
            key = ScoreKey(model, noised_dataset_name(domain, spec), "fidelity", metric)
            if key not in values:  # ``given`` on a domain without noisy text
                continue
            for contender, name in CONTENDERS:
                difference, *_, p_value = paired_difference(values[key], values[key._replace(model=contender)])
                higher = difference > 0 and p_value < settings.alpha
                reached = reached and higher
                checks.append(f"{setting} {metric} {'higher' if higher else 'not higher'} than {name} "
                              f"(p = {p_value:.2g})")
    return (f"* `{model}` on `{domain}`: goal {'**reached**' if reached else '**not reached**'}: "
            + "; ".join(checks) + ".")
