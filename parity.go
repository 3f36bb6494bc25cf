package slide

// Solvable reports in O(R*C) whether start reaches goal (by parity, by order
// on one line, always with a repeated label), or [ErrMismatch].
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
