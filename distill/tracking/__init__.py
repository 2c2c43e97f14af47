"""What a run records and shows: the MLflow store (:mod:`~distill.tracking.store`) and the phase lines a long
command prints (:mod:`~distill.tracking.progress`)."""
