"""Runs doctests, failing when any fails or none is found.

    python doctests.py FILE...        the examples of Markdown files
    python doctests.py --module NAME  the docstring examples of an installed module
"""

import doctest
import importlib
import sys

if sys.argv[1] == "--module":
    targets = [(sys.argv[2], lambda name: doctest.testmod(importlib.import_module(name)))]
else:
    targets = [(path, lambda path: doctest.testfile(path, module_relative=False)) for path in sys.argv[1:]]
for name, run in targets:
    failed, tried = run(name)
    print(f"{name}: {tried - failed} passed, {failed} failed")
    if failed or not tried:
        sys.exit(1)
