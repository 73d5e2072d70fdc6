"""`python -m garrepa_py.hook [--host NAME]`: the hook process (hook/entry.py)."""

from garrepa_py.hook.entry import main

main()
