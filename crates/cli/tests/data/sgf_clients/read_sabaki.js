// Reads an SGF collection written by `kosolve analyze --sgf` with
// @sabaki/sgf (npm), the parser Sabaki uses, and prints as JSON what it
// sees: per game tree the ruleset, the labels of the analysis node and
// each variation's first move, comment, SBKV and SBKS.
const sgf = require('@sabaki/sgf')

const roots = sgf.parseFile(process.argv[2])
const out = roots.map((root) => {
  // The analysis node: down the main line to the node with the variations
  // (or the last one).
  let node = root
  while (node.children.length === 1 && node.data.LB === undefined && !(node.data.C || [''])[0].startsWith('Every move')) {
    node = node.children[0]
  }
  return {
    rules: root.data.RU[0],
    labels: (node.data.LB || []).slice().sort(),
    comment: node.data.C ? node.data.C[0] : null,
    variations: node.children.map((v) => {
      const color = v.data.B !== undefined ? 'B' : 'W'
      return {
        color,
        at: v.data[color][0],
        comment: v.data.C[0],
        sbkv: v.data.SBKV || null,
        sbks: v.data.SBKS || null,
      }
    }),
  }
})
console.log(JSON.stringify(out))
