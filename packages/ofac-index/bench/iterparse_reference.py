#!/usr/bin/env python3
"""Reference extractor for bench/load.bench.mjs: Python's stdlib iterparse on the same edition.

Extracts the unique (ticker, address) pairs of OFAC's SDN Advanced XML the way a plain streaming
parser would, so the Node loader's speed and memory have a baseline measured on the same machine:

  1. ReferenceValueSets: every FeatureType named "Digital Currency Address - X" gives
     FeatureTypeID -> ticker X.
  2. DistinctParties: every Feature whose FeatureTypeID is one of those yields
     (ticker, VersionDetail text stripped).

Matching is namespace-agnostic (local names only). Each record-level element (a child of a
top-level section: FeatureTypeValues, Location, DistinctParty, SanctionsEntry, ...) is cleared and
detached from its parent once read, so memory stays bounded by the largest single record.

Usage:
  python3 iterparse_reference.py EDITION.xml[.gz] [--json] [--pairs]

Prints the unique pair count, wall time (open to last pair) and peak RSS
(resource.getrusage(RUSAGE_SELF).ru_maxrss, KiB on Linux). --json prints one JSON object instead;
--pairs also prints every pair as "TICKER<TAB>ADDRESS" (sorted), for diffing against Node.
Python 3 standard library only.
"""

import gzip
import json
import resource
import sys
import time
import xml.etree.ElementTree as ET

DCA_PREFIX = "Digital Currency Address - "
GZIP_MAGIC = b"\x1f\x8b"

# Depth of the elements that are cleared and detached once read: 1 = <Sanctions>,
# 2 = a section such as <DistinctParties>, 3 = one record such as <DistinctParty>.
RECORD_DEPTH = 3


def local_name(tag):
    """'{namespace}Feature' -> 'Feature' (also fine for tags without a namespace)."""
    return tag.rpartition("}")[2]


def open_xml(path):
    """Opens the edition as a binary stream, gunzipping on the fly when it starts with gzip magic."""
    with open(path, "rb") as probe:
        is_gzip = probe.read(2) == GZIP_MAGIC
    return gzip.open(path, "rb") if is_gzip else open(path, "rb")


def read_feature_type(elem, tickers):
    """Records FeatureTypeID -> ticker for a 'Digital Currency Address - X' FeatureType."""
    name = (elem.text or "").strip()
    if name.startswith(DCA_PREFIX):
        tickers[elem.get("ID")] = name[len(DCA_PREFIX):].strip()


def read_feature(elem, tickers, pairs):
    """Adds (ticker, address) for every VersionDetail of a digital-currency-address Feature."""
    ticker = tickers.get(elem.get("FeatureTypeID"))
    if ticker is None:
        return 0
    found = 0
    for child in elem.iter():
        if local_name(child.tag) == "VersionDetail":
            address = (child.text or "").strip()
            if address:
                pairs.add((ticker, address))
                found += 1
    return found


def extract_pairs(stream):
    """Streams the document once; returns (unique pairs, DCA Feature values seen, ticker map)."""
    tickers = {}  # FeatureTypeID -> ticker
    pairs = set()
    feature_values = 0
    stack = []  # open elements, root first
    section = None  # local name of the current depth-2 section

    for event, elem in ET.iterparse(stream, events=("start", "end")):
        if event == "start":
            stack.append(elem)
            if len(stack) == 2:
                section = local_name(elem.tag)
            continue

        depth = len(stack)
        stack.pop()
        name = local_name(elem.tag)
        if section == "ReferenceValueSets" and name == "FeatureType":
            read_feature_type(elem, tickers)
        elif section == "DistinctParties" and name == "Feature":
            feature_values += read_feature(elem, tickers, pairs)
            elem.clear()
        if depth == RECORD_DEPTH:
            # Drop the finished record: it is the parent's only child by now, so this is O(1).
            elem.clear()
            stack[-1].remove(elem)
    return pairs, feature_values, tickers


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    flags = {a for a in argv[1:] if a.startswith("--")}
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2

    started = time.perf_counter()
    with open_xml(args[0]) as stream:
        pairs, feature_values, tickers = extract_pairs(stream)
    wall_s = time.perf_counter() - started
    max_rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    result = {
        "pairs": len(pairs),
        "featureValues": feature_values,
        "tickers": len(tickers),
        "wallMs": round(wall_s * 1000, 1),
        "maxRssKiB": max_rss_kib,
        "python": sys.version.split()[0],
    }
    if "--json" in flags:
        print(json.dumps(result))
    else:
        print(f"unique (ticker, address) pairs: {result['pairs']}")
        print(f"DCA feature values:             {feature_values}")
        print(f"DCA tickers declared:           {len(tickers)}")
        print(f"wall time:                      {wall_s:.3f} s")
        print(f"peak RSS:                       {max_rss_kib / 1024:.1f} MiB")
    if "--pairs" in flags:
        for ticker, address in sorted(pairs):
            print(f"{ticker}\t{address}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
