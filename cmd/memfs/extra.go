package main

import "github.com/spf13/cobra"

// extraCommands lists the commands of later capabilities (mount, checkout,
// doctor, ...), each defined in its own cmd_<name>.go file.
func extraCommands(g *globalOptions) []*cobra.Command {
	return []*cobra.Command{}
}
