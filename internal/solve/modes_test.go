package solve

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// TestRunRefusesAnswerMemory checks that the Fast mode refuses, before
// any move, an answer whose lower bound's moves pass the memory bound.
func TestRunRefusesAnswerMemory(t *testing.T) {
	goal := tiles.NewGoal(3, 3, []int{1, 2, 3, 4, 5, 6, 7, 8, 0}, true)
	code, _ := goal.Encode([]int{1, 2, 3, 4, 5, 6, 0, 7, 8})
	s := testSettings(t, Mode{Kind: Fast})
	s.Limits.Memory = s.MoveBytes // one move of the two
	r := &recorder{}
	ans, err := Run(context.Background(), s, goal, code, r, time.Now())
	if !engine.Is(err, engine.Limit) || r.Len() != 0 || ans.Moves != nil || ans.Lower != 2 {
		t.Fatalf("%+v, %d moves, %v; want a Limit error before any move", ans, r.Len(), err)
	}
}

// TestAnswerMemoryError checks the kind and the words of an answer's
// memory refusal.
func TestAnswerMemoryError(t *testing.T) {
	err := AnswerMemoryError(5, 80, 64, true)
	var e *engine.Error
	if !errors.As(err, &e) || e.Kind != engine.Limit || !strings.Contains(e.Msg, "at least 5") || !strings.Contains(e.Msg, "80 B") {
		t.Fatalf("AnswerMemoryError: %v", err)
	}
}
