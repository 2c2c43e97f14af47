"""Settings as data: each one a typed dataclass field with its bounds (:mod:`~distill.config.fields`), the
command-line flags derived from them (:mod:`~distill.config.arguments`), the options every command shares
(:mod:`~distill.config.common`), the training configuration (:mod:`~distill.config.training`) and the bounds that
come from a model (:mod:`~distill.config.bounds`)."""
