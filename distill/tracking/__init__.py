"""What a run records and shows: the MLflow store (:mod:`~distill.tracking.store`), finding a trained student by
run id or folder (:mod:`~distill.tracking.runs`) and the phase lines a long command prints
(:mod:`~distill.tracking.progress`)."""
