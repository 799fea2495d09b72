#!/usr/bin/env python3
"""Derives word clusters from a language pack: the pack's whole-word pieces (those not starting
with "##") are clustered by k-means on their unit-length vectors, and every row of the pack,
continuation pieces included, is given the cluster of its nearest centroid (cosine).

The slot tagger reads a token's cluster as a feature, so that a word no sample uses but that the
pack puts near listed values ("seattle" beside "denver" and "boston") looks like them. Clustering
is deterministic: k-means++ seeding and Lloyd iterations from one numpy seed.

Usage: derive-clusters.py PACK OUT.clusters [--clusters 256] [--seed 1] [--iterations 40]

Layout of OUT (little-endian): "SNLUCLUS", u32 format 1, u32 rows (the pack's), u32 clusters k,
u32 dims, u16 length of the source description then its UTF-8; rows u16 cluster ids (pack row
order); k f32 scales; k x dims int8 centroids (unit length before quantization, row-major).
Needs numpy only.
"""
import argparse
import hashlib
import os
import struct
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402


def read_pack(path):
    """The pieces and dequantized vectors of a pack (see derive-pack.py's write_pack)."""
    data = open(path, "rb").read()
    assert data[:8] == b"SNLUPACK", "not a language pack"
    fmt, dims, count = struct.unpack_from("<III", data, 8)
    assert fmt == 1
    at = 20
    (n,) = struct.unpack_from("<H", data, at)
    at += 2 + n
    pieces = []
    for _ in range(count):
        length = data[at]
        pieces.append(data[at + 1:at + 1 + length].decode("utf-8"))
        at += 1 + length
    scales = np.frombuffer(data, dtype="<f4", count=count, offset=at)
    at += 4 * count
    rows = np.frombuffer(data, dtype=np.int8, count=count * dims, offset=at).reshape(count, dims)
    assert at + count * dims == len(data)
    return pieces, rows.astype(np.float64) * scales[:, None].astype(np.float64), hashlib.sha256(data).hexdigest()


def unit(x):
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.where(norms > 0, norms, 1)


def kmeans(x, k, seed, iterations):
    """Spherical k-means (cosine) with k-means++ seeding."""
    rng = np.random.default_rng(seed)
    n = x.shape[0]
    centroids = np.empty((k, x.shape[1]))
    centroids[0] = x[rng.integers(n)]
    closest = 1 - x @ centroids[0]
    for c in range(1, k):
        p = np.maximum(closest, 0) ** 2
        centroids[c] = x[rng.choice(n, p=p / p.sum())]
        closest = np.minimum(closest, 1 - x @ centroids[c])
    assign = None
    for it in range(iterations):
        new = np.argmax(x @ centroids.T, axis=1)
        if assign is not None and np.array_equal(new, assign):
            break
        assign = new
        for c in range(k):
            members = x[assign == c]
            if len(members):
                centroids[c] = members.sum(0)
            else:  # an empty cluster takes the point farthest from its centroid
                far = np.argmin(np.sum(x * centroids[assign], axis=1))
                centroids[c] = x[far]
        centroids = unit(centroids)
        print(f"\riteration {it + 1}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return centroids


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pack")
    parser.add_argument("out")
    parser.add_argument("--clusters", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=40)
    args = parser.parse_args()
    assert 2 <= args.clusters <= 65535

    pieces, vectors, pack_sha = read_pack(args.pack)
    x = unit(vectors)
    whole = np.array([not p.startswith("##") for p in pieces])
    centroids = kmeans(x[whole], args.clusters, args.seed, args.iterations)
    assign = np.argmax(x @ centroids.T, axis=1).astype("<u2")

    scales = np.abs(centroids).max(1) / 127
    quantized = np.clip(np.round(centroids / scales[:, None]), -127, 127).astype(np.int8)
    source = (f"k-means (k {args.clusters}, seed {args.seed}) of the whole-word pieces of "
              f"{os.path.basename(args.pack)} (SHA-256 {pack_sha})").encode("utf-8")
    out = bytearray(b"SNLUCLUS")
    out += struct.pack("<IIII", 1, len(pieces), args.clusters, x.shape[1])
    out += struct.pack("<H", len(source)) + source
    out += assign.tobytes()
    out += scales.astype("<f4").tobytes()
    out += quantized.tobytes()
    with open(args.out, "wb") as f:
        f.write(out)
    sizes = np.bincount(assign[whole], minlength=args.clusters)
    print(f"{len(out)} bytes, SHA-256 {hashlib.sha256(out).hexdigest()}; whole-word pieces per cluster: "
          f"min {sizes.min()}, median {int(np.median(sizes))}, max {sizes.max()}", file=sys.stderr)
    for probe in ["jazz", "blues", "rock", "pop", "paris", "denver", "monday", "pizza", "rain", "novel"]:
        if probe in pieces:
            c = assign[pieces.index(probe)]
            near = [p for p, a, w in zip(pieces, assign, whole) if a == c and w][:12]
            print(f"{probe}: cluster {c}: {' '.join(near)}", file=sys.stderr)


if __name__ == "__main__":
    main()
