#!/usr/bin/env python3
"""The Python peers of `scripts/bench --huge`: each prints the values a path
selects, one per line, so its output can be checked against docq's.

  bench_stream_peers.py ijson FILE PREFIX [--multiple-values]
      ijson.items over FILE (the yajl2_c backend, or exit 3): one value per
      line. --multiple-values reads a stream of top-level values (JSON Lines).
  bench_stream_peers.py lxml FILE ELEMENT CHILD ATTRIBUTE [OTHER ...]
      lxml's iterparse over FILE: for each ELEMENT child of the root, the
      ATTRIBUTE of each of its CHILD elements (node, tag, k: `node.tag.k`).
      OTHER names the root's other children (way, relation, bounds): with
      ELEMENT they are the only elements iterparse reports, and each is
      cleared and dropped once read, the usual way to keep its memory flat.

Both read the file in 1 MiB blocks, as docq does.
"""
import sys

BLOCK = 1 << 20


def run_ijson(path, prefix, multiple_values):
    import ijson

    if ijson.backend != "yajl2_c":
        print(f"bench_stream_peers: ijson's backend is {ijson.backend}, not yajl2_c", file=sys.stderr)
        sys.exit(3)
    write = sys.stdout.write
    with open(path, "rb") as source:
        for value in ijson.items(source, prefix, multiple_values=multiple_values, buf_size=BLOCK):
            write(f"{value}\n")


def run_lxml(path, element, child, attribute, others):
    from lxml import etree

    write = sys.stdout.write
    # Events only for the root's children (ELEMENT and the OTHER names), each
    # dropped once handled, so the tree never holds more than one of them.
    with open(path, "rb") as source:
        for _, item in etree.iterparse(source, events=("end",), tag=[element, *others], huge_tree=True):
            if item.tag == element:
                for found in item.iterchildren(child):
                    value = found.get(attribute)
                    if value is not None:
                        write(value + "\n")
            item.clear()
            parent = item.getparent()
            while item.getprevious() is not None:
                del parent[0]


def main(arguments):
    if len(arguments) >= 3 and arguments[0] == "ijson":
        run_ijson(arguments[1], arguments[2], "--multiple-values" in arguments[3:])
    elif len(arguments) >= 5 and arguments[0] == "lxml":
        run_lxml(*arguments[1:5], arguments[5:])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
