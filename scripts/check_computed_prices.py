#!/usr/bin/env python3
"""Checks a computed edit of every price (issue 30's target): the generated
API response (Benchmarks' APIResponseGenerator) with each `price` times 1.1.

  check_computed_prices.py INPUT EDITED [JQ_OUTPUT]

Prints whether EDITED is byte-identical to INPUT outside the values of the
"price" members, and whether each price is the input's exact decimal times
1.1 (docq's arithmetic). With JQ_OUTPUT (jq's `.response.body.items.item[]
.price |= . * 1.1`, which computes in binary doubles), also how many prices
equal jq's as doubles, and how many after rounding both to 15 significant
digits. Exits 1 when a check fails.
"""
import json
import re
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60
PRICE = re.compile(rb'"price":(-?[0-9][0-9.eE+-]*)')


def main():
    source, edited = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
    a, b = PRICE.split(source), PRICE.split(edited)
    if len(a) != len(b):
        print(f"the edited file has {len(b) // 2} prices, the input {len(a) // 2}")
        return 1
    outside = all(x == y for x, y in zip(a[0::2], b[0::2]))
    exact = all(Decimal(y.decode()) == Decimal(x.decode()) * Decimal("1.1") for x, y in zip(a[1::2], b[1::2]))
    count = len(a) // 2
    print(f"prices: {count}; outside the prices byte-identical: {outside}; every price the exact decimal x 1.1: {exact}")
    if len(sys.argv) > 3:
        theirs = [item["price"] for item in json.load(open(sys.argv[3]))["response"]["body"]["items"]["item"]]
        ours = [float(y) for y in b[1::2]]
        if len(theirs) != count:
            print(f"jq's output has {len(theirs)} prices")
            return 1
        same = sum(1 for x, y in zip(theirs, ours) if float(x) == y)
        rounded = sum(1 for x, y in zip(theirs, ours) if float(f"{float(x):.15g}") == float(f"{y:.15g}"))
        print(f"equal to jq's as doubles: {same}/{count}; equal after rounding both to 15 significant digits: {rounded}/{count}")
    return 0 if outside and exact else 1


if __name__ == "__main__":
    sys.exit(main())
