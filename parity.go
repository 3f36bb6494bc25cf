package slide

// Solvable reports whether goal can be reached from start, exactly and in
// O(R*C): always with a repeated label, on a single line when the tiles keep
// their order, else when the permutation and the blank's distance have one
// parity. ErrMismatch if the boards differ.
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
