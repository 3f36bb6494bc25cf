module github.com/slidekit/slide

go 1.24.0

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/exp v0.0.0-20251023183803-a4bb9ffd2546
)
