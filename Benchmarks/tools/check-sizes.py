#!/usr/bin/env python3
"""Lists the Swift files under Sources longer than 400 lines and the functions longer than 80.

Exits 1 when there is any, 0 otherwise. A function is a `func`, `init`, `deinit` or
`subscript` with a body; its length runs from the line of its keyword to the line of its
closing brace. Braces are matched on the code alone: comments and the text of string
literals (single-line, multi-line and raw, with interpolations read as code) are blanked
first, so a "{slot}" in a sample string does not count.

    python3 Benchmarks/tools/check-sizes.py            # Sources of the repository
    python3 Benchmarks/tools/check-sizes.py DIR ...    # other folders
    python3 Benchmarks/tools/check-sizes.py --file-limit 400 --function-limit 80
"""
import argparse
import os
import re
import sys

DECLARATION = re.compile(r"(?<![.\w])(?:func\s+(?:[A-Za-z_][A-Za-z_0-9]*|`[^`]+`|[^\s(<]+)|init[?!]?|deinit|subscript)\s*[(<{]")
# What begins another declaration or statement: a function without a body (a protocol
# requirement) is followed by one of these before any brace.
NEXT_DECLARATION = re.compile(
    r"\n[ \t]*(?:@|func\b|var\b|let\b|case\b|init\b|deinit\b|subscript\b|static\b|class\b|struct\b|enum\b|"
    r"protocol\b|extension\b|typealias\b|associatedtype\b|public\b|package\b|private\b|fileprivate\b|internal\b|"
    r"mutating\b|nonmutating\b|override\b|final\b|#)")


def code_only(text):
    """`text` with comments and string contents replaced by spaces (newlines kept)."""
    out = list(text)
    n = len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    def skip_code(i, closing_paren):
        """Reads code from i; with `closing_paren`, stops after the `)` closing an interpolation."""
        depth = 0
        while i < n:
            c = text[i]
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                blank(i, end)
                i = end
            elif text.startswith("/*", i):
                level, j = 1, i + 2
                while j < n and level:
                    if text.startswith("/*", j):
                        level, j = level + 1, j + 2
                    elif text.startswith("*/", j):
                        level, j = level - 1, j + 2
                    else:
                        j += 1
                blank(i, j)
                i = j
            elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 40])):
                i = skip_string(i)
            elif closing_paren and c == "(":
                depth += 1
                i += 1
            elif closing_paren and c == ")":
                if depth == 0:
                    return i + 1
                depth -= 1
                i += 1
            else:
                i += 1
        return i

    def skip_string(i):
        hashes = 0
        while text[i] == "#":
            hashes += 1
            i += 1
        multiline = text.startswith('"""', i)
        quote = '"""' if multiline else '"'
        i += len(quote)
        close = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        start = i
        while i < n:
            if text.startswith(escape, i):
                after = i + len(escape)
                if after < n and text[after] == "(":
                    blank(start, i)
                    i = skip_code(after + 1, closing_paren=True)
                    start = i
                else:
                    i = after + 1
            elif text.startswith(close, i):
                blank(start, i)
                return i + len(close)
            elif text[i] == "\n" and not multiline:
                break
            else:
                i += 1
        blank(start, i)
        return i

    skip_code(0, closing_paren=False)
    return "".join(out)


def long_functions(code, limit):
    """(line, name, length) of each function body longer than `limit` lines."""
    found = []
    for match in DECLARATION.finditer(code):
        i = match.end() - 1
        depth = 0
        body = None
        while i < len(code):
            c = code[i]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
                if depth < 0:
                    break
            elif depth == 0 and c == "{":
                body = i
                break
            elif depth == 0 and c == "}":
                break
            elif depth == 0 and c == "\n" and NEXT_DECLARATION.match(code, i):
                break
            i += 1
        if body is None:
            continue
        level, j = 0, body
        while j < len(code):
            if code[j] == "{":
                level += 1
            elif code[j] == "}":
                level -= 1
                if level == 0:
                    break
            j += 1
        first = code.count("\n", 0, match.start()) + 1
        last = code.count("\n", 0, j) + 1
        if last - first + 1 > limit:
            name = match.group(0).rstrip("(<{").strip()
            found.append((first, name, last - first + 1))
    return found


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=[os.path.join(root, "Sources")])
    parser.add_argument("--file-limit", type=int, default=400)
    parser.add_argument("--function-limit", type=int, default=80)
    args = parser.parse_args()

    problems = 0
    for folder in args.folders:
        for directory, _, files in sorted(os.walk(folder)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                shown = os.path.relpath(path, root)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
                if lines > args.file_limit:
                    print(f"{shown}: {lines} lines (limit {args.file_limit})")
                    problems += 1
                for line, function, length in long_functions(code_only(text), args.function_limit):
                    print(f"{shown}:{line}: {function} is {length} lines (limit {args.function_limit})")
                    problems += 1
    if problems:
        print(f"{problems} over the limits", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
