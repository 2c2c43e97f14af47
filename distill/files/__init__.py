"""The user's files and the workbench's own: atomic writes and locks (:mod:`~distill.files.atomic`), checks of the
folders a command will write (:mod:`~distill.files.paths`), reading YAML, JSON and text files
(:mod:`~distill.files.userfiles`) and saved students checked before their weights load
(:mod:`~distill.files.studentfolders`)."""
