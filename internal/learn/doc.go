// Package learn holds the learned rankings of the near-optimal modes'
// beams (see internal/near): a Model values a board as a linear sum of
// what the beams already keep up move by move (the database's bound,
// Manhattan distance plus linear conflicts, the short cycles of tiles)
// and a weight of every value on every cell, in integer units, so that a
// child's value costs two more reads of small tables than the hand-made
// ranking's and allocates nothing. A learned value only ranks boards: the
// lower bounds the modes claim come from the admissible tables alone.
//
// # Design
//
// The model is linear, not a network: a beam ranks every child of every
// board of a layer, and a value that adds up move by move keeps the rate
// at which it does, where even a small hidden layer would cost a hundred
// multiply-adds a child and so narrow the beams that a time budget
// allows, and a narrower beam loses what a better ranking gains. Nor did
// one rank better where its cost was left aside: a hidden layer over
// every value on every cell, trained by imitation (below) on up to six
// hundred boards, learned those boards and ranked others no better. The
// model's inputs are those of the hand-made ranking it replaces (see
// near.rankBeam), which already ranks better than any one heuristic,
// with the count of misplaced tiles generalised to a weight of every
// tile on every cell; the shipped models weigh a tile by its Manhattan
// distance from its goal cell (ByDistance), a dozen weights in all.
//
// The shipped weights are found (see tools/train) by a coordinate search
// from the hand-made ranking (for pdb48x5, from pdb48's model; pdb35's and
// pdb48x5's then again at the widths of their beams at a second) for the
// shortest paths that beams of a fixed width find on random boards: what
// a beam needs is to order the boards of a layer by how near they are to
// the goal, and the lengths measure that directly. Fitting the moves left along solutions by least
// squares (Fit, bootstrapped round by round, kept to compare rankings)
// gives values nearer the truth on the boards of those paths, yet beams
// ranking by them find far longer paths: most boards of a layer are off
// any path the fit saw, and the fit is not made to order them. Every
// tile's weight on every cell learned by imitation (tools/train -method
// imitate: beams follow wider beams' paths, and a perceptron's step
// moves the weights wherever a layer drops the path's board) orders the
// layers of boards like its training boards better, yet not those of
// boards nearer the goal, such as the samples': no model ships from it.
// docs/PERFORMANCE.md has the figures.
//
// The weights ship as generated Go source (models_*.go, written by
// tools/train, whose command line each file names): a few kilobytes,
// read with the code, reviewed as a diff and checked by the compiler,
// where a cached file like a database's tables would need a checksum, a
// build step and a way to fail.
package learn
