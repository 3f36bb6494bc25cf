package slide

// Solvable reports whether goal can be reached from start, in O(R*C): by
// parity, by the order on a single line, always with a repeated label. It
// fails with [ErrMismatch] for boards of other sizes or labels.
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

// IsSolvable reports whether b can reach its standard goal.
func (b Board) IsSolvable() bool {
	if !b.IsValid() {
		return false
	}
	ok, err := Solvable(b, b.StandardGoal())
	return err == nil && ok
}
