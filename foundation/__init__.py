"""What every package of the workbench may build on: the standard library alone, nothing of the project.

* :mod:`foundation.checks`: a value against its declared type and bounds, the one scheme of the settings,
  the students' configurations and the losses' parameters;
* :mod:`foundation.registry`: names mapped to the modules that register them, imported on first use.
"""
