#!/usr/bin/env python3
"""The big-input benchmark of issue 9 (`scripts/bench --huge`, which builds
first): docq on a 1 GB JSON Lines file, a 5 GB OSM-style XML dump and a 5 GB
single JSON document, next to jq, ijson, lxml, xmlstarlet and libxml2's SAX2
with empty callbacks, in one run. Prints one markdown table with the machine
described above it and a line per issue 9 target below it.

Every subject is a whole process: its time is wall time from start to exit,
its memory the peak resident size GNU time reports for it. Its output goes to
a file, whose line count and hash must match the other subjects' on the same
input (and the count the generator reported), so no row is fast because it
did less. Inputs are generated once by HugeInputGenerator into
DOCQ_BENCH_CACHE and never committed.

Peers that hold the whole document (docq without --stream) run on a smaller
file of the same generator (--slice-mb), and so do the slow Python peers;
xmlstarlet (19x the input in memory), jq without --stream on the JSON
document, and jq --stream (a few MB/s) run on a still smaller one
(--small-mb). Every ratio is one of MB/s, so rows on
different sizes compare, and the table says which size each row ran on. See
Benchmarks/README.md.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_report import describe_machine, first_line, fmt_time, log  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PEERS = os.path.join(HERE, "bench_stream_peers.py")
GENERATOR_VERSION = 1
MB = 1_000_000
GNU_TIME = "/usr/bin/time"  # Debian's `time` package

# The three inputs: generator kind, file name, default size (MB), the path
# each subject selects (docq's spelling).
INPUTS = {
    "jsonl": {"kind": "jsonl", "name": "events", "ext": "jsonl", "mb": 1000, "path": "actor.id"},
    "xml": {"kind": "osm", "name": "osm-dump", "ext": "osm", "mb": 5000, "path": "node.tag.k"},
    "json": {"kind": "json", "name": "feature-collection", "ext": "json", "mb": 5000, "path": "items.id"},
}

JQ_STREAM_FILTER = 'select(length == 2 and (.[0] | length) == 3 and .[0][0] == "items" and .[0][2] == "id") | .[1]'


def subjects(docq, bin_dir, stream_stand_in):
    """Every row: (input key, label, size class, command builder, role).

    Size classes: "full" (the big file), "slice" (--slice-mb) and "small"
    (--small-mb). A command builder takes the input file's path; it is None
    when the subject is missing. `docq --stream` rows are None when docq has
    no --stream, unless stream_stand_in (docq without --stream in their
    place, to test this harness).
    """

    def docq_run(key, *options):
        if docq is None:
            return None
        return lambda file: [docq["path"], *options, INPUTS[key]["path"], file]

    def docq_stream(key):
        if docq is not None and docq["stream"]:
            return docq_run(key, "--stream")
        return docq_run(key) if stream_stand_in else None

    def installed(tool, builder):
        return builder if shutil.which(tool) else None

    def python_peer(*arguments):
        return lambda file: [sys.executable, PEERS, arguments[0], file, *arguments[1:]]

    def docq_edit(key, path, *value):
        # Issue 18: a streamed `set` of every value the path selects; the output is the edited document.
        if docq is None:
            return None
        return lambda file: [docq["path"], "set", "--stream", path, *value, file]

    return [
        ("jsonl", "docq -P 1", "full", docq_run("jsonl", "-P", "1"), "ours"),
        ("jsonl", "docq -P 2", "full", docq_run("jsonl", "-P", "2"), "ours"),
        ("jsonl", "jq -c", "full", installed("jq", lambda file: ["jq", "-c", ".actor.id", file]), "peer"),
        ("jsonl", "ijson (yajl2_c)", "full", python_peer("ijson", "actor.id", "--multiple-values"), "peer"),
        ("xml", "docq --stream", "full", docq_stream("xml"), "ours"),
        ("xml", "docq (in memory)", "slice", docq_run("xml"), "ours"),
        ("xml", "libxml2 SAX2, empty callbacks", "full",
         lambda file: [os.path.join(bin_dir, "SAXStreamCeiling"), file], "ceiling"),
        ("xml", "lxml iterparse", "slice", python_peer("lxml", "node", "tag", "k", "way", "relation", "bounds"), "peer"),
        ("xml", "xmlstarlet sel", "small",
         installed("xmlstarlet", lambda file: ["xmlstarlet", "sel", "-t", "-m", "/osm/node/tag", "-v", "@k", "-n", file]),
         "peer"),
        ("xml", "docq set --stream", "full", docq_edit("xml", "node.tag.k", "k"), "edit"),
        ("json", "docq --stream", "full", docq_stream("json"), "ours"),
        ("json", "docq set --stream", "full", docq_edit("json", "items.id", "--json", "0"), "edit"),
        ("json", "docq (in memory)", "slice", docq_run("json"), "ours"),
        ("json", "ijson (yajl2_c)", "slice", python_peer("ijson", "items.item.id"), "peer"),
        ("json", "jq (in memory)", "small", installed("jq", lambda file: ["jq", "-c", ".items[].id", file]), "peer"),
        ("json", "jq --stream", "small",
         installed("jq", lambda file: ["jq", "-c", "--stream", JQ_STREAM_FILTER, file]), "peer"),
    ]


# ----------------------------------------------------------------------------
# Inputs


def input_file(cache, key, megabytes, generator):
    """The cached input of this kind and size, generated first when missing.
    Returns (path, meta) where meta holds the generator's counts and, when
    it ran now, how long generation took and its peak memory."""
    spec = INPUTS[key]
    folder = os.path.join(cache, f"huge-v{GENERATOR_VERSION}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"{spec['name']}-{megabytes}MB.{spec['ext']}")
    meta_path = path + ".meta.json"
    if os.path.exists(path) and os.path.exists(meta_path):
        with open(meta_path) as meta_file:
            meta = json.load(meta_file)
        if meta.get("bytes") == os.path.getsize(path):
            return path, meta
    log(f"bench: generating {os.path.basename(path)}…")
    partial = f"{path}.{os.getpid()}.partial"
    result = run_subject([generator, spec["kind"], str(megabytes * MB), partial], partial + ".out")
    if "error" in result:
        sys.exit(f"bench: HugeInputGenerator failed for {path}: {result['error']}")
    with open(partial + ".out") as output:
        meta = json.load(output)
    os.remove(partial + ".out")
    meta.update({"generatedSeconds": result["seconds"], "generatorPeakBytes": result["peakBytes"]})
    os.replace(partial, path)
    with open(meta_path, "w") as meta_file:
        json.dump(meta, meta_file)
    meta["generatedNow"] = True
    return path, meta


def warm(path):
    """Reads the file once so every subject finds it in the page cache."""
    with open(path, "rb", buffering=0) as source:
        while source.read(8 << 20):
            pass


# ----------------------------------------------------------------------------
# Running


def run_subject(command, output_path):
    """Runs one process with stdout to a file; returns its wall time, peak
    resident bytes and exit status, with the last stderr line on failure.

    The peak comes from GNU time (`/usr/bin/time -f %M`), not from this
    process's wait4: Linux keeps the larger of the resident peaks before and
    after exec, and the child forked from Python starts at Python's size."""
    peak_path = output_path + ".peak"
    with open(output_path, "wb") as output:
        start = time.perf_counter()
        process = subprocess.Popen([GNU_TIME, "-f", "%M", "-o", peak_path, *command],
                                   stdout=output, stderr=subprocess.PIPE)
        errors = process.stderr.read()
        code = process.wait()
        seconds = time.perf_counter() - start
    try:
        with open(peak_path) as peak_file:  # "Command exited with non-zero status N" may come first
            peak = int(peak_file.read().strip().splitlines()[-1]) * 1024
        os.remove(peak_path)
    except (OSError, ValueError, IndexError):
        peak = None
    result = {"seconds": seconds, "peakBytes": peak, "exit": code}
    if code != 0:
        lines = errors.decode(errors="replace").strip().splitlines()
        result["error"] = f"exit {code}: {lines[-1] if lines else ''}"[:160]
    return result


def digest(path):
    """The output's line count and SHA-256."""
    lines, hasher = 0, hashlib.sha256()
    with open(path, "rb") as source:
        while block := source.read(8 << 20):
            lines += block.count(b"\n")
            hasher.update(block)
    return lines, hasher.hexdigest()


def find_docq(path):
    if not path or not os.path.exists(path):
        return None
    help_text = subprocess.run([path, "--help"], capture_output=True, text=True).stdout
    return {"path": path, "stream": "--stream" in help_text}


# ----------------------------------------------------------------------------
# Rendering


def fmt_mb(nbytes):
    if nbytes is None:
        return "—"
    return f"{nbytes / MB:,.0f} MB" if nbytes >= 10 * MB else f"{nbytes / MB:.1f} MB"


def fmt_size(nbytes):
    return f"{nbytes / 1e9:.2f} GB" if nbytes >= 1e9 else f"{nbytes / MB:,.0f} MB"


def speed(row):
    return row["bytes"] / row["seconds"] / MB if row.get("seconds") else None


def find(rows, key, label):
    for row in rows:
        if row["input"] == key and row["label"] == label and row.get("seconds") and row.get("check") != "mismatch":
            return row
    return None


def ratio(row, other):
    if row is None or other is None:
        return None
    return speed(row) / speed(other)


def fmt_ratio(value):
    return "—" if value is None else f"{value:.2f}×"


# The ratio column: each group's rows against one reference row.
REFERENCES = {"jsonl": ("jq -c", "jq"), "xml": ("libxml2 SAX2, empty callbacks", "SAX2"),
              "json": ("docq (in memory)", "in-memory load")}

TITLES = {"jsonl": "JSON Lines `actor.id`", "xml": "XML dump `node.tag.k`", "json": "JSON document `items.id`"}


def render(machine, rows, notes):
    lines = [
        f"Machine: {machine['cpu']}, {machine['cores']} cores, {machine['memoryGiB']} GiB, Linux {machine['kernel']}; "
        f"{machine['swift']}; libxml2 {machine['libxml2']}; {machine['peers']}. "
        f"{machine['date']}, load average {machine['loadAverage']:.2f} at start"
        + (f"; each row the fastest of {machine['rounds']} rounds" if machine["rounds"] > 1 else "") + ".",
        "",
        "| input | subject | ran on | time | MB/s | peak RSS | values | ratio |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        reference_label, reference_name = REFERENCES[row["input"]]
        reference = find(rows, row["input"], reference_label)
        if row.get("seconds"):
            check = "(edited document)" if row["role"] == "edit" else "(none)" if row.get("values") is None else (
                f"{row['values']:,}" + (" ≠" if row.get("check") == "mismatch" else ""))
            the_ratio = ratio(row, reference)
            if row.get("check") == "mismatch":
                ratio_text = "— (output differs)"
            elif reference is row:
                ratio_text = "reference"
            else:
                ratio_text = "—" if the_ratio is None else f"{the_ratio:.2f}× {reference_name}"
            cells = [fmt_size(row["bytes"]), fmt_time(row["seconds"]), f"{speed(row):,.0f}",
                     fmt_mb(row["peakBytes"]), check, ratio_text]
        else:
            cells = [fmt_size(row["bytes"]) if row.get("bytes") else "—", "—", "—", "—", "—",
                     row.get("error", "—")]
        lines.append(f"| {TITLES[row['input']]} | {row['label']} | " + " | ".join(cells) + " |")
    lines.append("")
    lines += targets(rows, machine["streamStandIn"])
    if notes:
        lines.append("")
        lines += [f"- {note}" for note in notes]
    return "\n".join(lines)


def targets(rows, stream_stand_in):
    """One line per issue 9 target: the figure, and whether it holds."""

    def line(name, value, goal, holds, unit="×"):
        if stream_stand_in and "Streaming" in name:
            return f"- {name}: no figure: docq in memory stood in for docq --stream"
        if value is None:
            return f"- {name}: — (target {goal}; a row is missing, failed or printed other values)"
        figure = f"{value:.2f}{unit}" if unit == "×" else f"{value / MB:.1f} MB"
        return f"- {name}: {figure} (target {goal}) {'✅' if holds(value) else '❌'}"

    def peak(group, label):
        row = find(rows, group, label)
        return row["peakBytes"] if row else None

    jsonl_p1, jsonl_p2 = find(rows, "jsonl", "docq -P 1"), find(rows, "jsonl", "docq -P 2")
    xml_stream, json_stream = find(rows, "xml", "docq --stream"), find(rows, "json", "docq --stream")
    return [
        "Issue 9 targets (ratios of MB/s):",
        line("JSON Lines, docq -P 1 ÷ jq", ratio(jsonl_p1, find(rows, "jsonl", "jq -c")), "≥ 10×", lambda v: v >= 10),
        line("JSON Lines, docq -P 2 ÷ -P 1", ratio(jsonl_p2, jsonl_p1), "≥ 1.6×", lambda v: v >= 1.6),
        line("Streaming XML, peak", peak("xml", "docq --stream"), "≤ 64 MB", lambda v: v <= 64 * MB, unit="MB"),
        line("Streaming XML, docq --stream ÷ SAX2-empty",
             ratio(xml_stream, find(rows, "xml", "libxml2 SAX2, empty callbacks")), "≥ 0.5×", lambda v: v >= 0.5),
        line("Streaming JSON, peak", peak("json", "docq --stream"), "≤ 64 MB", lambda v: v <= 64 * MB, unit="MB"),
        line("Streaming JSON, docq --stream ÷ in-memory docq",
             ratio(json_stream, find(rows, "json", "docq (in memory)")), "≥ 0.5×", lambda v: v >= 0.5),
        line("Streaming JSON, docq --stream ÷ ijson",
             ratio(json_stream, find(rows, "json", "ijson (yajl2_c)")), "≥ 5×", lambda v: v >= 5),
        "",
        "Issue 18 targets, streamed edits (ratios of MB/s):",
        line("Streaming XML edit, peak", peak("xml", "docq set --stream"), "≤ 64 MB", lambda v: v <= 64 * MB, unit="MB"),
        line("Streaming XML edit, docq set --stream ÷ SAX2-empty",
             ratio(find(rows, "xml", "docq set --stream"), find(rows, "xml", "libxml2 SAX2, empty callbacks")), "≥ 0.5×",
             lambda v: v >= 0.5),
        line("Streaming JSON edit, peak", peak("json", "docq set --stream"), "≤ 64 MB", lambda v: v <= 64 * MB, unit="MB"),
        line("Streaming JSON edit, docq set --stream ÷ in-memory docq",
             ratio(find(rows, "json", "docq set --stream"), find(rows, "json", "docq (in memory)")), "≥ 0.5×",
             lambda v: v >= 0.5),
    ]


# ----------------------------------------------------------------------------


def peer_versions():
    parts = []
    try:
        import ijson

        from importlib.metadata import version

        parts.append(f"ijson {version('ijson')} ({ijson.backend})")
    except Exception:
        parts.append("ijson —")
    try:
        from lxml import etree

        parts.append("lxml " + ".".join(map(str, etree.LXML_VERSION[:3]))
                     + " (libxml2 " + ".".join(map(str, etree.LIBXML_VERSION)) + ")")
    except Exception:
        parts.append("lxml —")
    if shutil.which("xmlstarlet"):
        parts.append("xmlstarlet " + (first_line(["xmlstarlet", "--version"]) or "?"))
    parts.append(f"Python {sys.version.split()[0]}")
    return "; ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the Benchmarks package's release bin folder")
    parser.add_argument("--docq", help="a release docq")
    parser.add_argument("--cache", default=os.environ.get("DOCQ_BENCH_CACHE")
                        or os.path.join(os.environ.get("TMPDIR", "/tmp"), "docquery-bench"))
    size = os.environ.get("DOCQ_BENCH_HUGE_MB")
    parser.add_argument("--size-mb", type=int, default=int(size) if size else None,
                        help="every big input's size (default: 1000 JSON Lines, 5000 XML and JSON)")
    for key in INPUTS:
        parser.add_argument(f"--{key}-mb", type=int, help=f"the {key} input's size")
    parser.add_argument("--slice-mb", type=int, default=500, help="the whole-document and slow peers' input")
    parser.add_argument("--small-mb", type=int, default=100, help="xmlstarlet's and jq's input (JSON document)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", help="rows whose '<input> <subject>' matches (inputs: jsonl, xml, json)")
    parser.add_argument("--no-python", action="store_true", help="skip the Python peers (ijson, lxml)")
    parser.add_argument("--stream-stand-in", action="store_true",
                        help="without docq --stream, run docq in memory in its rows (to test this harness)")
    parser.add_argument("--generate-only", action="store_true", help="make the inputs and stop")
    parser.add_argument("--results", help="write the raw figures (JSON) here")
    options = parser.parse_args()

    if not os.access(GNU_TIME, os.X_OK):
        sys.exit("bench: needs GNU time for peak memory (apt-get install time)")
    generator = os.path.join(options.bin, "HugeInputGenerator")
    docq = find_docq(options.docq)
    if docq is None:
        log("bench: no docq binary; its rows stay empty")
    elif not docq["stream"]:
        log("bench: this docq has no --stream; those rows print —"
            + (" (docq in memory stands in)" if options.stream_stand_in else ""))

    sizes = {}
    for key, spec in INPUTS.items():
        full = getattr(options, f"{key}_mb") or options.size_mb or spec["mb"]
        sizes[key] = {"full": full, "slice": min(options.slice_mb, full), "small": min(options.small_mb, full)}

    rows, notes = [], []
    for key, label, size_class, command, role in subjects(docq, options.bin, options.stream_stand_in):
        if options.only and not re.search(options.only, f"{key} {label}"):
            continue
        if options.no_python and label.startswith(("ijson", "lxml")):
            continue
        row = {"label": label, "input": key, "sizeClass": size_class, "role": role,
               "megabytes": sizes[key][size_class], "command": command}
        if command is None:
            row["error"] = "no --stream in this docq" if "--stream" in label and docq else "not installed"
        rows.append(row)

    files = {}
    for row in rows:
        spot = (row["input"], row["megabytes"])
        if spot not in files:
            files[spot] = input_file(options.cache, row["input"], row["megabytes"], generator)
            path, meta = files[spot]
            if meta.get("generatedNow"):
                notes.append(
                    f"Generated {os.path.basename(path)} ({fmt_size(meta['bytes'])}) in {meta['generatedSeconds']:.1f} s "
                    f"({meta['bytes'] / meta['generatedSeconds'] / MB:,.0f} MB/s), generator peak "
                    f"{fmt_mb(meta['generatorPeakBytes'])}.")
        row["file"], row["meta"] = files[spot]
        row["bytes"] = row["meta"]["bytes"]
    if options.generate_only:
        for note in notes:
            print(note)
        return

    machine = describe_machine(os.path.join(options.bin, "BenchHarness"))
    machine["rounds"] = options.rounds
    machine["peers"] = peer_versions()
    machine["streamStandIn"] = options.stream_stand_in and docq is not None and not docq["stream"]
    if machine["loadAverage"] > 1.5:
        log(f"warning: load average {machine['loadAverage']:.1f} on {machine['cores']} cores; figures will be noisy")

    output_folder = os.path.join(options.cache, f"huge-v{GENERATOR_VERSION}", "outputs")
    os.makedirs(output_folder, exist_ok=True)
    references = {}  # (input, megabytes) -> the first complete output's hash
    warmed = set()
    for round_number in range(options.rounds):
        for row in rows:
            if row["command"] is None:
                continue
            if row["file"] not in warmed:
                warm(row["file"])
                warmed.add(row["file"])
            command = row["command"](row["file"])
            log(f"bench: round {round_number + 1}: {row['input']} {row['label']} on {fmt_size(row['bytes'])}…")
            output_path = os.path.join(output_folder, re.sub(r"[^A-Za-z0-9]+", "-", f"{row['input']}-{row['label']}") + ".out")
            result = run_subject(command, output_path)
            if "error" in result:
                row.setdefault("error", result["error"])
                continue
            if row["role"] == "edit":
                # An edit prints the edited document: about the input's size, not one value per line.
                written = os.path.getsize(output_path)
                if not 0.5 * row["bytes"] <= written <= 1.5 * row["bytes"]:
                    row["check"] = "mismatch"
                    log(f"bench: {row['label']} wrote {written} bytes for an input of {row['bytes']}")
            elif "values" not in row and row["role"] != "ceiling":  # the ceiling prints nothing
                lines, hashed = digest(output_path)
                row["values"], row["hash"] = lines, hashed
                # The reference bytes: the first output on this file with the generator's count.
                expected = row["meta"]["values"]
                reference = references.setdefault((row["input"], row["megabytes"]), hashed) if lines == expected else None
                if hashed != reference:
                    row["check"] = "mismatch"
                    log(f"bench: {row['label']} printed {lines} values (hash {hashed[:12]}); "
                        f"expected {expected} (hash {(reference or '?')[:12]})")
            os.remove(output_path)
            if row.get("seconds") is None or result["seconds"] < row["seconds"]:
                row["seconds"] = result["seconds"]
            row["peakBytes"] = max(row.get("peakBytes") or 0, result["peakBytes"] or 0) or None
            row.pop("error", None)

    notes = describe_choices(sizes, rows, machine["streamStandIn"]) + notes
    table = render(machine, rows, notes)
    print(table)
    if options.results:
        os.makedirs(os.path.dirname(options.results), exist_ok=True)
        with open(options.results, "w") as results:
            json.dump({"machine": machine, "rows": [{k: v for k, v in row.items() if k != "command"} for row in rows]},
                      results, indent=1)


def describe_choices(sizes, rows, stand_in):
    """The disclosures under the table: who ran on what, and why."""
    notes = [
        "Every row is one whole process (start to exit, output written to a file on the same disk); MB = 10^6 bytes; "
        "MB/s = the input it ran on ÷ its time; peak RSS = the kernel's maximum resident size for the process "
        "(GNU time's %M), Python's interpreter included for the Python peers. Each input is read once before its first "
        "row, so every row finds it in the page cache.",
        "values = lines printed; every row printed the count the generator reported and the same bytes (SHA-256) as "
        "the other rows on the same file, else it is marked ≠ and left out of every ratio.",
    ]
    smaller = {}
    for row in rows:
        if row["sizeClass"] != "full" and row["megabytes"] < sizes[row["input"]]["full"]:
            smaller.setdefault((row["input"], row["megabytes"]), []).append(row["label"])
    if smaller:
        notes.append(
            "Run on a smaller file of the same generator, not the full size: "
            + "; ".join(f"{TITLES[key].split(' `')[0]}: {', '.join(labels)} on {megabytes:,} MB"
                        for (key, megabytes), labels in smaller.items())
            + ". docq in memory, jq without --stream and xmlstarlet hold the whole document (docq about 2×, "
            "jq 11×, xmlstarlet 19× the input); lxml iterparse, ijson and jq --stream (one event per scalar) are slow enough that the full size "
            "would take many minutes. Their ratios are of MB/s.")
    notes.append("Edits (issue 18): `docq set --stream --json items.id 0` and `docq set --stream node.tag.k k`, "
                 "every value the path selects, the edited document written to a file (checked to be about the input's size).")
    notes.append("Peers: jq `-c .actor.id`; jq `-c '.items[].id'`; jq `--stream` with a select on the path `[\"items\", N, \"id\"]`; ijson "
                 "`items(f, prefix, multiple_values=…)` with 1 MiB reads; lxml `iterparse(tag=[node, way, relation, "
                 "bounds])`, reading node's tag children and clearing each element and its predecessors; xmlstarlet "
                 "`sel -t -m /osm/node/tag -v @k -n` (DOM); SAX2-empty = Benchmarks' SAXStreamCeiling, libxml2's push "
                 "parser fed 1 MiB chunks, XML_PARSE_HUGE, empty callbacks, no output.")
    if stand_in:
        notes.append("**This docq has no --stream: the `docq --stream` rows are docq in memory standing in "
                     "(--stream-stand-in), to prove the harness; their figures say nothing about streaming.**")
    return notes


if __name__ == "__main__":
    main()
