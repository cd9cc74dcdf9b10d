#!/usr/bin/env python3
"""Times one Python JSON parser on one file in a fresh process, for scripts/bench.

    bench_python_peer.py LIBRARY FILE [--seconds S]

LIBRARY is yyjson (PyPI `yyjson`: its Document parses in C, into yyjson's own
immutable tree, with no Python objects), orjson, or json (the standard
library). Prints one JSON line with the same fields as bench-harness: median
and minimum seconds per load, runs, resident bytes added by the first load
(while its result is alive) and the peak during it.
"""
import gc
import json
import os
import sys
import time


def resident_bytes():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def peak_bytes():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return None


def reset_peak():
    try:
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")
    except OSError:
        pass


def loader(library):
    if library == "yyjson":
        import yyjson

        return yyjson.Document
    if library == "orjson":
        import orjson

        return orjson.loads
    if library == "json":
        return json.loads
    raise SystemExit(f"unknown library {library}")


def main():
    library, path = sys.argv[1], sys.argv[2]
    budget = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 1.0
    result = {"subject": library, "operation": "load", "input": os.path.basename(path)}
    try:
        load = loader(library)
        with open(path, "rb") as file:
            data = file.read()
        result["bytes"] = len(data)
        gc.collect()
        reset_peak()
        before = resident_bytes()
        start = time.perf_counter()
        value = load(data)
        result["first"] = time.perf_counter() - start
        result["residentDelta"] = resident_bytes() - before
        peak = peak_bytes()
        if peak is not None:
            result["peakDelta"] = max(0, peak - before)
        del value
        gc.collect()
        times = []
        minimum_runs = 1 if result["first"] > 3 else 3
        while len(times) < minimum_runs or (sum(times) < budget and len(times) < 25):
            start = time.perf_counter()
            value = load(data)
            times.append(time.perf_counter() - start)
            del value
        times.sort()
        result.update(runs=len(times), median=times[len(times) // 2], min=times[0])
    except ImportError as error:
        result["error"] = f"not installed ({error.name}): pip install {library}"
    except Exception as error:  # a parser's refusal is a result, not a crash
        result["error"] = f"{type(error).__name__}: {error}"
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
