package slide

// Solvable reports whether goal can be reached from start by single-tile
// moves (line moves reach exactly the same boards). It is an error
// (ErrMismatch) if the boards differ in size or in their multiset of labels.
// No search is made; the rule is exact and costs O(R*C):
//
//   - On a board with one row or one column, tiles never pass each other:
//     goal is reachable exactly when both boards list the same labels in the
//     same order, ignoring the blank.
//   - Otherwise, if some label repeats, every arrangement is reachable:
//     exchanging two equal tiles changes nothing, so both parity classes
//     hold the same boards.
//   - Otherwise (distinct labels, at least 2 x 2) goal is reachable exactly
//     when the permutation of cells carrying start to goal, blank included,
//     has the parity of the blank's taxicab distance from its start cell to
//     its goal cell: every move is one transposition and one blank step.
func Solvable(start, goal Board) (bool, error) {
	t, err := newTarget("Solvable", goal)
	if err != nil {
		return false, err
	}
	code, err := encode("Solvable", t, start)
	if err != nil {
		return false, err
	}
	return t.Solvable(code), nil
}

// IsSolvable reports whether b can reach its standard goal (see Solvable
// and Board.StandardGoal). The zero Board is not solvable. O(R*C).
func (b Board) IsSolvable() bool {
	if !b.IsValid() {
		return false
	}
	ok, err := Solvable(b, b.StandardGoal())
	return err == nil && ok
}
