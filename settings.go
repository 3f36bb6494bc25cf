package slide

// The refusals of settings. Every call that takes settings is a method of
// the value whose fields they are (see the package doc); a field out of
// range, a field the call does not use and a nil context are refused with
// ErrOption, before any work, so that no setting is ever ignored.

// unused returns the error of function fn given the setting field, which
// it does not use; why says what it uses instead.
func unused(fn, field, why string) error {
	return errorf(fn, ErrOption, "%s: %s", field, why)
}

// nilContext returns the error of function fn given a nil context.
func nilContext(fn string) error {
	return errorf(fn, ErrOption, "nil Context: pass context.Background() for none")
}
