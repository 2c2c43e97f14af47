"""Published studies whose tables a sweep's results document sets beside its own (``published:`` in a sweep file).

``paper``: Rodriguez Perez et al., *An Empirical Analysis Towards Replacing Vocabulary-Rigid Embeddings by a
Vocabulary-Free Mechanism* (ICML 2023 workshop): BytesCNN-small and -big aligned to bert-base-uncased's table
with six losses, swapped in, scored on MLM and NSP over wikitext-2 and IMDB (train splits), with paired t-tests.
Table 1 (parameters), Table 2 (accuracy, means over seeds) and Table 3 (p-values) are transcribed as printed;
its losses are named as this workbench registers them (TE, TA: ``triplet-euclidean``, ``triplet-angular``).
"""

from __future__ import annotations

from dataclasses import dataclass

TASK_METRICS = {"mlm": "mlm_accuracy", "nsp": "nsp_accuracy"}


@dataclass(frozen=True)
class PublishedStudy:
    citation: str
    model: str  # the model its students were swapped into
    datasets: tuple[str, ...]  # Table 2's columns
    parameters: dict[str, int]  # Table 1: embedding layer → parameters
    baseline: dict[tuple[str, str], float]  # (metric, dataset) → the untouched model's accuracy
    accuracy: dict[tuple[str, str, str, str], float]  # (student, loss, metric, dataset) → Table 2
    p_values: dict[tuple[str, str], float]  # (student, loss) → Table 3
    cosine_based: tuple[str, ...]  # the losses §3 counts as cosine-based
    euclidean: tuple[str, ...]  # and as Euclidean-based

    def students(self) -> list[tuple[str, str]]:
        """(student, loss) of every published row, in the table's order."""
        return list(dict.fromkeys((student, loss) for student, loss, _, _ in self.accuracy))


_LOSSES = ("mse", "cosine", "aec", "mec", "triplet-euclidean", "triplet-angular")
_DATASETS = ("Wikipedia", "IMDB")
# Table 2, by student, task and loss: (Wikipedia, IMDB).
_TABLE2 = {
    ("bytescnn-small", "mlm_accuracy"): ((0.2666, 0.2059), (0.5600, 0.5022), (0.5271, 0.4692), (0.3071, 0.2504),
                                         (0.0939, 0.0414), (0.5578, 0.5002)),
    ("bytescnn-big", "mlm_accuracy"): ((0.5876, 0.5319), (0.5919, 0.5356), (0.5883, 0.5374), (0.5914, 0.5376),
                                       (0.3005, 0.1836), (0.5912, 0.5350)),
    ("bytescnn-small", "nsp_accuracy"): ((0.6215, 0.5267), (0.9364, 0.6296), (0.9369, 0.6336), (0.7102, 0.5292),
                                         (0.5603, 0.5129), (0.9372, 0.6358)),
    ("bytescnn-big", "nsp_accuracy"): ((0.9407, 0.6474), (0.9397, 0.6560), (0.9416, 0.6568), (0.9412, 0.6539),
                                       (0.6119, 0.5390), (0.9397, 0.6544)),
}
_TABLE3 = {"bytescnn-small": (0.013, 0.073, 0.108, 0.012, 0.022, 0.091),
           "bytescnn-big": (0.111, 0.157, 0.176, 0.149, 0.016, 0.145)}

PAPER = PublishedStudy(
    citation="Rodriguez Perez et al., ICML 2023 workshop",
    model="bert-base-uncased",
    datasets=_DATASETS,
    parameters={"word-embedding table": 22_677_504, "bytescnn-small": 18_562_416, "bytescnn-big": 70_674_288},
    baseline={("mlm_accuracy", "Wikipedia"): 0.6226, ("mlm_accuracy", "IMDB"): 0.5748,
              ("nsp_accuracy", "Wikipedia"): 0.9421, ("nsp_accuracy", "IMDB"): 0.6570},
    accuracy={(student, loss, metric, dataset): value
              for (student, metric), rows in _TABLE2.items()
              for loss, row in zip(_LOSSES, rows) for dataset, value in zip(_DATASETS, row)},
    p_values={(student, loss): value for student, row in _TABLE3.items() for loss, value in zip(_LOSSES, row)},
    cosine_based=("cosine", "aec", "mec", "triplet-angular"),
    euclidean=("mse", "triplet-euclidean"),
)

PUBLISHED = {"paper": PAPER}
