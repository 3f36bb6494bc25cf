package main

import (
	"errors"
	"io"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
)

// The board form is the text form of slide.Board that solve reads and
// random writes (see slide.ParseBoard). Every command that reads a board
// reads it, from FILE or standard input, with its goal from -goal FILE.
// Check, hint and bench also read forms of their own and tell the two
// apart by one rule (see openBoardInput), which changes nothing that their
// own forms read: no input is both (see the commands' help).

// boardFormHelp is the paragraph of the help of check, hint and bench on
// the board form.
const boardFormHelp = `FILE may also hold one board in the form solve reads and slide random
writes: a size line, n or "rows cols", then the tiles 0 (the blank) to
rows*cols-1 once each. An input that is such a board, whole, is read as
one, any other input in the form above. -goal FILE gives the goal of a
board, in the same form (1 2 3 ... with the blank last by default).
`

// readBoard reads a board in the board form from the file name, or from
// stdin (see openInput). Its errors name the file.
func readBoard(name string, stdin io.Reader) (slide.Board, error) {
	r, shown, done, err := openInput(name, stdin)
	if err != nil {
		return slide.Board{}, err
	}
	defer done()
	return readBoardFrom(r, shown)
}

// readBoardFrom reads a board in the board form from r, named shown in
// errors, with slide.ReadBoard: the tiles 0 to rows*cols-1 once each, as
// the commands' boards are, else slide.New says why not.
func readBoardFrom(r io.Reader, shown string) (slide.Board, error) {
	b, err := slide.ReadBoard(r)
	if err == nil && !b.IsPermutation() {
		_, err = slide.New(b.Rows(), b.Cols(), b.Tiles())
	}
	if err != nil {
		bad := errors.Is(err, slide.ErrSyntax) || errors.Is(err, slide.ErrSize) || errors.Is(err, slide.ErrTile)
		return slide.Board{}, &boardError{msg: shown + ": " + message(err), bad: bad}
	}
	return b, nil
}

// A boardError is the error of readBoardFrom: msg says what went wrong,
// and bad tells bad input from a failed read.
type boardError struct {
	msg string
	bad bool
}

func (e *boardError) Error() string { return e.msg }

// openBoardInput opens the file name, or stdin (see openInput), and reads
// it as one board in the board form if it is one, whole; otherwise it
// returns a reader of the whole input, from its start, for the command's
// own reader. Either way it returns the name of the input for messages and
// a function that closes it. It reads ahead only as far as the input may
// still be a board, so that a stream of the command's own form is read no
// further than its reader would read it (see sniffBoard).
func openBoardInput(name string, stdin io.Reader) (b slide.Board, own io.Reader, shown string, done func(), err error) {
	r, shown, done, err := openInput(name, stdin)
	if err != nil {
		return slide.Board{}, nil, shown, done, err
	}
	isBoard, replay := sniffBoard(r, sniffLimit)
	if !isBoard {
		return slide.Board{}, replay, shown, done, nil
	}
	b, err = readBoardFrom(replay, shown)
	return b, nil, shown, done, err
}

// sniffLimit bounds the bytes sniffBoard reads ahead: several times the
// text of the largest board, so that only a board padded with megabytes of
// blanks is taken for the command's own form.
const sniffLimit = 4 << 20

// sniffBoard tells whether r holds one board in the board form, within
// limit bytes, as input.SniffBoard does with the sizes of slide.New, and
// returns a reader of r's input from its start.
func sniffBoard(r io.Reader, limit int) (isBoard bool, replay io.Reader) {
	return input.SniffBoard(r, limit, func(rows, cols int) bool { return report.SizeError(rows, cols) == nil })
}

// fileArg returns the FILE argument of command cmd, given its arguments
// after the flags, "" when it has none (standard input), or, with ok
// false, the exit status of a usage error: more than one argument, or the
// start and the goal of -goal both from standard input (goalFile "" when
// the flag is not given).
func fileArg(cmd string, args []string, goalFile string, stderr io.Writer) (file string, status int, ok bool) {
	if len(args) > 1 {
		return "", usageError(stderr, cmd, "want at most one FILE, got %d arguments (flags go before FILE)", len(args)), false
	}
	if len(args) == 1 {
		file = args[0]
	}
	if goalFile != "" && isStdin(goalFile) && isStdin(file) {
		return "", usageError(stderr, cmd, "the start and the goal cannot both come from standard input"), false
	}
	return file, exitOK, true
}

// readGoal returns the goal board of -goal FILE, or def when goalFile is
// "" (the flag not given). A goal of another size than the board is the
// library's to refuse (slide.ErrMismatch).
func readGoal(goalFile string, stdin io.Reader, def slide.Board) (slide.Board, error) {
	if goalFile == "" {
		return def, nil
	}
	return readBoard(goalFile, stdin)
}
