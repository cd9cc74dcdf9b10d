#!/usr/bin/env python3
"""Times one Python JSON parser on one file in a fresh process, for scripts/bench.

    bench_python_peer.py LIBRARY FILE [--seconds S]

LIBRARY is yyjson (PyPI `yyjson`: its Document parses in C, into yyjson's own
immutable tree, with no Python objects), orjson, or json (the standard
library). Prints one JSON line with the same fields as bench-harness: median
and minimum seconds per load, runs, resident bytes added by the first load
(while its result is alive) and the peak during it.
"""
import ctypes
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


class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def heap_in_use():
    """glibc's count of live malloc'd bytes: what yyjson's C document holds.
    Python objects mostly live in pymalloc's own mmap'd arenas, which this does
    not see, so it is reported only for yyjson."""
    try:
        mallinfo2 = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = MallInfo2
    info = mallinfo2()
    return info.uordblks + info.hblkhd


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
        # Warm-up on a tiny document, as the Swift harness does, so the
        # memory below is the result's, not first-use costs.
        del_me = load(b'{"a": [1, -2.5e3, "x", true, false, null, {"b": {}}]}')
        del del_me
        gc.collect()
        reset_peak()
        before = resident_bytes()
        heap_before = heap_in_use()
        start = time.perf_counter()
        value = load(data)
        result["first"] = time.perf_counter() - start
        result["residentDelta"] = resident_bytes() - before
        heap_after = heap_in_use()
        if library == "yyjson" and heap_before is not None and heap_after is not None:
            result["heapDelta"] = heap_after - heap_before
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
