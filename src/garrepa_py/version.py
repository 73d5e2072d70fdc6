"""The version, in one place: pyproject reads it from here (hatch), the journal and --version too."""

__version__ = "0.1.0"
