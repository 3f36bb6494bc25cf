// Package learn holds the learned rankings of the near-optimal modes'
// beams (see internal/near): a Model values a board as a linear sum of
// what the beams already keep up move by move (the database's bound,
// Manhattan distance plus linear conflicts, the short cycles of tiles)
// and a learned weight of every value on every cell, in integer units,
// so that a child's value costs two more table reads than the hand-made
// ranking and allocates nothing. A learned value only ranks boards: the
// lower bounds the modes claim come from the admissible tables alone.
//
// # Design
//
// The model is linear, not a network, because a beam evaluates every
// child of every board of a layer, tens of millions a second on two
// cores: a value that adds up move by move keeps that rate, where a
// network of even one small hidden layer would cost a hundred
// multiply-adds a child and so shrink the beams that the time allows,
// and on these boards a wider beam is worth as much as a better ranking
// (doubling the width gains about 2%). Its inputs are those of the
// hand-made ranking it replaces (see near.rankBeam), which already ranks
// better than any single heuristic, with the tiles' weights generalised
// from a count of misplaced tiles to a weight by how far each tile is
// from its goal cell.
//
// The weights are trained (see tools/train) by the length of the paths
// that beams ranking by them find on random boards, by a coordinate
// search from the hand-made ranking: what a beam needs is to order the
// boards of one layer by how near they are to the goal, which the
// lengths measure directly. Fitting the moves left along solutions by
// least squares (Fit, kept for the comparison of rankings) gives values
// closer to the truth on the boards of those paths, yet beams ranking by
// them circle and find paths nearly twice as long: their boards are off
// the paths the fit saw, where the fit's weights reward tiles' places
// that went with progress on those paths rather than cause it.
//
// The trained weights ship as generated Go source (models_*.go, written
// by tools/train, whose command line each file names): a few kilobytes,
// read with the code, reviewed as a diff and checked by the compiler,
// where a cached file like a database's tables would need a checksum, a
// build step and a way to fail.
package learn
