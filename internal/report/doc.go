// Package report holds what slide's answers say, for every program that
// gives them: the JSON object that the slide command prints with -json
// (Report), the texts of "slide solve -moves" (WriteMoves), of "slide
// blocks" (Blocks.WriteText) and its web page (Blocks.WriteHTML), of
// "slide pdb list" and "slide pdb clean" (WriteCache, WriteRemoved), and
// the text of an error for a user (Message) and of a size that makes
// no board (SizeError). The command and the
// playground's page both answer through it, so that they give the same
// objects in the same words; a change of the schema here is a change of
// the command's output.
package report
