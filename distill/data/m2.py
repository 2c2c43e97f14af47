"""Real misspellings from a grammatical-error-correction corpus: its spelling corrections alone, as a paired corpus.

Learner corpora (JFLEG, FCE, BEA-2019's W&I+LOCNESS, CoNLL-2014) come in the M2 format (Dahlmeier and Ng,
"Better evaluation for grammatical error correction", NAACL 2012): a line ``S <tokens>`` per sentence as
written, then one line per edit, ``A <start> <end>|||<type>|||<correction>|||<required>|||<comment>|||<annotator>``,
the edit replacing tokens ``start`` to ``end``. Applying only the spelling edits gives each sentence twice: as the
learner wrote it (``noisy``) and with its spelling corrected (``text``), every other error kept in both, the
file that ``--noise given`` reads (:mod:`distill.data.files`).

A spelling edit is an edit of one of :data:`SPELLING_TYPES` (ERRANT's ``R:SPELL``; JFLEG's ``#Rc#``, a
character-level replacement) that replaces one alphabetic token by another: not a change of case only, within
Damerau's distance :data:`MAX_DISTANCE` (restricted transpositions), and whose written form is not a common
English word (wordfreq Zipf below :data:`MAX_ZIPF`). Those two checks leave out what an annotator marked as a
character-level replacement but is grammar ("they" → "them", "live" → "alive"). Deviation: a misspelling that is
a common word ("there" for "their") is left out with them, as :mod:`distill.noise.misspellings` leaves real-word
errors out.

    python -m distill.data.m2 dev.ref.m2 test.ref.m2 --out jfleg_spelling.jsonl
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from distill.data.files import check_paired_file, write_paired_file
from distill.errors import DistillError, one_line
from distill.files.userfiles import read_text

SPELLING_TYPES = ("R:SPELL", "#Rc#")
MAX_DISTANCE = 3
MAX_ZIPF = 4.0  # wordfreq Zipf 4: once per 10,000 words ("effect", "those"); misspellings are far rarer
MAX_WORD_LENGTH = 64  # characters; English's longest dictionary words have 45 (wordfreq's tokenizer runs out of
# memory on a "word" of 100 MB)
LANGUAGE = "en"


def spelling_rows(m2_text: str, annotator: int = 0) -> Iterator[dict[str, str]]:
    """``{"text": corrected, "noisy": as written}`` for each sentence of ``m2_text`` with at least one spelling
    edit by ``annotator``, tokens joined by single spaces as the file gives them."""
    for lines in m2_blocks(m2_text):
        if not lines[0].startswith("S "):
            raise DistillError(f"not an M2 block (a block starts with 'S <tokens>'): {lines[0][:60]!r}")
        written = lines[0][2:].split()
        corrected = list(written)
        for line in lines[1:]:
            edit = _spelling_edit(line, written, annotator)
            if edit is not None:
                corrected[edit[0]] = edit[1]
        if corrected != written:
            yield {"text": " ".join(corrected), "noisy": " ".join(written)}


def m2_blocks(m2_text: str) -> Iterator[list[str]]:
    """The blocks of an M2 text, each its non-blank lines; blocks are separated by one or more blank lines (lines
    may end in ``\\n`` or Windows' ``\\r\\n``)."""
    block: list[str] = []
    for line in m2_text.splitlines():
        if line.strip():
            block.append(line.rstrip())
        elif block:
            yield block
            block = []
    if block:
        yield block


def _spelling_edit(line: str, written: Sequence[str], annotator: int) -> tuple[int, str] | None:
    """The position and correction of an ``A`` line that is a spelling edit of one token by ``annotator``."""
    fields = line[2:].split("|||")
    try:
        if not line.startswith("A ") or len(fields) != 6:
            raise ValueError
        span, kind, correction, *_, who = fields
        start, end = (int(position) for position in span.split())
        if int(who) != annotator or kind not in SPELLING_TYPES or end - start != 1:
            return None
        if not 0 <= start < len(written):
            raise IndexError
    except (ValueError, IndexError):
        raise DistillError(f"not an M2 edit of this sentence (A start end|||type|||correction|||...|||annotator): "
                           f"{line[:60]!r}") from None
    return (start, correction) if is_misspelling(written[start], correction) else None


def is_misspelling(written: str, correction: str) -> bool:
    """Whether ``written`` → ``correction`` is a misspelling of one word (see the module's docstring)."""
    from symspellpy.editdistance import DistanceAlgorithm, EditDistance
    from wordfreq import zipf_frequency

    before, after = written.lower(), correction.lower()
    if not is_word(written) or not is_word(correction) or before == after:
        return False
    distance = EditDistance(DistanceAlgorithm.DAMERAU_OSA).compare(before, after, MAX_DISTANCE)
    return distance != -1 and zipf_frequency(before, LANGUAGE) < MAX_ZIPF  # -1: farther than MAX_DISTANCE


def read_m2(path: Path) -> str:
    """The text of an M2 file; one that holds nothing but blank lines is refused in one line."""
    text = read_text(path, "M2 file")
    if not text.strip():
        raise DistillError(f"M2 file {path} is empty; a block starts with 'S <tokens>'")
    return text


def is_word(text: str) -> bool:
    """One alphabetic word of at most :data:`MAX_WORD_LENGTH` characters."""
    return text.isalpha() and len(text) <= MAX_WORD_LENGTH


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m distill.data.m2", description=__doc__.split("\n\n")[0])
    parser.add_argument("m2_files", nargs="+", type=Path, help="M2 files of a learner corpus")
    parser.add_argument("--out", type=Path, required=True, help="the .jsonl file to write (text, noisy)")
    parser.add_argument("--annotator", type=int, default=0, help="whose edits to apply (default: 0)")
    args = parser.parse_args(argv)
    try:
        check_paired_file(args.out)
        rows = [row for path in args.m2_files for row in spelling_rows(read_m2(path), args.annotator)]
        if not rows:
            files = ", ".join(map(str, args.m2_files))
            raise DistillError(f"no spelling edit by annotator {args.annotator} in {files}")
        misspelt, _ = write_paired_file(args.out, rows)
    except DistillError as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 2
    print(f"{args.out}: {len(rows)} sentences, {misspelt} misspelt words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
