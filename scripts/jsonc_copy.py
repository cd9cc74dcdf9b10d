#!/usr/bin/env python3
"""Writes a JSON-with-comments copy of a JSON file, for measuring what
reading comments costs (issue 32: JSONC loads within 1.2x strict JSON's
time on the same content).

The copy keeps every byte of the input and adds:
  - a trailing comma after the last value of every non-empty container;
  - a line comment after every EVERY-th comma that ends its line, and a
    block comment after every (4 x EVERY)-th comma inside a line (minified
    stretches such as canada.json's one long line, so that comments add a
    few percent of bytes there, as they do in indented files);
  - a block comment before the top-level value and a line comment after it.

Usage: scripts/jsonc_copy.py IN.json OUT.jsonc [EVERY]   (EVERY defaults to 8)

The copy reads as the same values as the input (check with pip's json5:
json5.load(open(OUT)) == json.load(open(IN))).
"""
import sys


def jsonc_copy(data: bytes, every: int) -> bytes:
    out = bytearray(b"/* A JSON-with-comments copy: comments and trailing commas added. */\n")
    # One entry per open container: whether it holds a value yet.
    holds = []
    commas = 0
    i = 0
    n = len(data)
    while i < n:
        c = data[i]
        if c == 0x22:  # a string: copy it whole
            j = i + 1
            while data[j] != 0x22:
                j += 2 if data[j] == 0x5C else 1
            out += data[i : j + 1]
            if holds:
                holds[-1] = True
            i = j + 1
            continue
        if c in b"[{":
            if holds:
                holds[-1] = True
            holds.append(False)
            out.append(c)
        elif c in b"]}":
            if holds.pop():
                # The trailing comma goes right after the last value, before the white space.
                k = len(out)
                while out[k - 1] in b" \t\r\n":
                    k -= 1
                out[k:k] = b","
            out.append(c)
        elif c == 0x2C:
            out.append(c)
            commas += 1
            if i + 1 < n and data[i + 1] in b"\r\n":
                if commas % every == 0:
                    out += b" // a line comment, to the line's end"
            elif commas % (4 * every) == 0:
                out += b" /* a block comment */ "
        else:
            if c not in b" \t\r\n" and holds:
                holds[-1] = True
            out.append(c)
        i += 1
    while out[-1] in b" \t\r\n":
        out.pop()
    out += b"\n// The end.\n"
    return bytes(out)


def main() -> None:
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    every = int(sys.argv[3]) if len(sys.argv) == 4 else 8
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    with open(sys.argv[2], "wb") as f:
        f.write(jsonc_copy(data, every))


if __name__ == "__main__":
    main()
