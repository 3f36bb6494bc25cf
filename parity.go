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
	code, err := t.encode("Solvable", start)
	if err != nil {
		return false, err
	}
	return t.solvable(code), nil
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

// solvable applies the rule of Solvable to an encoded start board.
func (t *target) solvable(code []int32) bool {
	if t.rows == 1 || t.cols == 1 {
		j := 0 // next goal cell to compare
		for _, c := range code {
			if c == blankCode {
				continue
			}
			for t.goalCode[j] == blankCode {
				j++
			}
			if t.distinct && c != int32(j) || !t.distinct && c != t.goalCode[j] {
				return false
			}
			j++
		}
		return true
	}
	if !t.distinct {
		return true
	}
	blank := 0
	to := make([]int32, len(code)) // cell i's content belongs at to[i]
	for i, c := range code {
		if c == blankCode {
			blank = i
			to[i] = int32(t.blankGoal)
		} else {
			to[i] = c
		}
	}
	return permParity(to) == t.dist(blank, t.blankGoal)%2
}

// permParity returns 0 for an even permutation and 1 for an odd one, by
// counting cycles: a permutation of n elements with k cycles is a product of
// n-k transpositions. It overwrites p. O(len(p)).
func permParity(p []int32) int {
	cycles := 0
	for i := range p {
		if p[i] < 0 {
			continue
		}
		cycles++
		for j := int32(i); p[j] >= 0; {
			next := p[j]
			p[j] = -1
			j = next
		}
	}
	return (len(p) - cycles) % 2
}
