"""Reads an SGF collection written by `kosolve analyze --sgf` with sgfmill
(PyPI) and prints, as JSON, what a client sees: per game tree the ruleset,
the labels of the analysis node and each variation's first move, comment,
SBKV and SBKS. Square boards go through sgfmill's full game API (moves
decoded to points and back); other sizes, which that API does not take,
through its collection parser."""
import json
import sys

from sgfmill import sgf, sgf_grammar, sgf_properties


def first_nodes(tree):
    """The analysis node of a coarse game tree and its variations."""
    seq, children = tree.sequence, tree.children
    return seq[-1], [c.sequence[0] for c in children]


def raw(props, ident):
    vals = props.get(ident)
    return None if vals is None else [v.decode("utf-8") for v in vals]


def main(path):
    data = open(path, "rb").read()
    out = []
    for coarse in sgf_grammar.parse_sgf_collection(data):
        node, variations = first_nodes(coarse)
        root = coarse.sequence[0]
        tree = {
            "rules": raw(root, "RU")[0],
            "labels": sorted(raw(node, "LB") or []),
            "comment": sgf_grammar.text_value(node["C"][0]).decode() if "C" in node else None,
            "variations": [],
        }
        for v in variations:
            colour = "B" if "B" in v else "W"
            tree["variations"].append({
                "color": colour,
                "at": v[colour][0].decode(),
                "comment": sgf_grammar.text_value(v["C"][0]).decode(),
                "sbkv": raw(v, "SBKV"),
                "sbks": raw(v, "SBKS"),
            })
        size = raw(root, "SZ")[0]
        if ":" not in size:
            # The full API: every move decodes to a point on the board.
            game = sgf.Sgf_game.from_bytes(sgf_grammar.serialise_game_tree(coarse))
            # The analysis node: the main line's first node with its comment.
            last = next(
                n for n in game.get_main_sequence()
                if n.has_property("C") and n.get("C").startswith("Every move")
            )
            points = []
            for child in last:
                colour, move = child.get_move()
                points.append(None if move is None else list(move))
                assert colour in ("b", "w")
            tree["points"] = points
            tree["label_points"] = sorted(
                [list(p), t] for p, t in last.get("LB")
            ) if last.has_property("LB") else []
        out.append(tree)
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
