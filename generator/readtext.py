"""Read a source file (content, template, site.toml) strictly: UTF-8 without a byte-order mark.

Anything else is one BuildError naming the file, line and column, never a UnicodeDecodeError.
"""

from pathlib import Path

from generator.errors import BuildError

BOM = b"\xef\xbb\xbf"


def read_text(path):
    """The text of `path`; FileNotFoundError passes through for the caller to word."""
    return decode(Path(path).read_bytes(), path)


def decode(data, path):
    """`data` (the bytes of the file at `path`) as text, checked as `read_text` does."""
    if data.startswith(BOM):
        raise BuildError("the file starts with a byte-order mark (BOM): save it as UTF-8 "
                         "without BOM", path, 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        raise BuildError(f"not UTF-8 (byte 0x{data[exc.start]:02x} at column "
                         f"{exc.start - line_start + 1}): save the file as UTF-8", path,
                         data.count(b"\n", 0, exc.start) + 1) from None
