package near

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/slidekit/slide/internal/pdbcache"
)

func TestZZMeasure(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	size, _ := strconv.Atoi(os.Getenv("ZZ"))
	width, _ := strconv.Atoi(os.Getenv("ZZW"))
	boards, _ := strconv.Atoi(os.Getenv("ZZN"))
	rng := rand.New(rand.NewPCG(11, uint64(size)))
	var sum [8]int
	var work [8]int64
	for range boards {
		g := standardGoal(size, size)
		code := randomReaching(rng, g)
		cfg := *lcConfig()
		if os.Getenv("ZZDB") != "" {
			cfg.Heuristic = cachedDatabase(g, &pdbcache.Request{})
			t.Log(cfg.Heuristic.Name)
		}
		cfg.Limits.MaxMemory = 1 << 30
		bl, err := Beam(context.Background(), g, code, width, cfg)
		if err != nil {
			t.Fatal(err)
		}
		v := valuesOf(g, code)
		sum[0] += len(bl) - 1
		for k, ws := range [][]int{{16, 24, 32, 40}, {16, 24, 32, 40, 48, 64}} {
			p := &polisher{rows: size, cols: size, blankVal: int32(g.BlankGoal), ctx: context.Background(), maxNodes: 200_000, budget: math.MaxInt64}
			wp := bl
			for _, w := range ws {
				for {
					before := len(wp)
					wp = p.polish(v, wp, w, w/3)
					if len(wp) == before {
						break
					}
				}
			}
			checkBlanks(t, g, code, wp)
			sum[1+k] += len(wp) - 1
			work[1+k] += p.work.Generated
		}
	}
	t.Logf("size %d width %d boards %d: beam %d windows %v nodes %v", size, width, boards, sum[0], sum[1:3], work[1:3])
}
