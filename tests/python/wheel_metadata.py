"""Prints the METADATA file of a wheel: python wheel_metadata.py WHEEL."""

import sys
import zipfile

wheel = zipfile.ZipFile(sys.argv[1])
print(wheel.read(next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))).decode())
