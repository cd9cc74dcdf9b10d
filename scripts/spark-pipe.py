#!/usr/bin/env python3
"""Runs docq as a Spark record mapper, as docs/docq.md's "docq as a record mapper" shows.

    scripts/spark-pipe.py EVENTS NAMES DOCQ PATH

Starts Spark in local mode (two worker threads), reads the JSON Lines file
EVENTS in at least 4 partitions, pipes each partition's lines through one
`DOCQ -P 1 PATH` process (RDD.pipe) and saves the lines it printed as text
files in the folder NAMES (which must not exist). Prints the number of
partitions on standard output. Needs pyspark (`pip install pyspark`) and
Java 17 (Debian: openjdk-17-jre-headless). RecordMapperTests runs it.
"""
import shlex
import sys

from pyspark import SparkConf, SparkContext

events, names, docq, path = sys.argv[1:5]
conf = SparkConf().setMaster("local[2]").setAppName("docq-record-mapper").set("spark.ui.enabled", "false")
sc = SparkContext(conf=conf)
sc.setLogLevel("ERROR")
try:
    lines = sc.textFile(events, 4)
    # docs/docq.md: sc.textFile("events.jsonl", 4).pipe("docq -P 1 user.name").saveAsTextFile("names")
    lines.pipe(f"{shlex.quote(docq)} -P 1 {shlex.quote(path)}").saveAsTextFile(names)
    print(lines.getNumPartitions())
finally:
    sc.stop()
