package main

import "github.com/spf13/cobra"

// extraCommands lists the commands of later capabilities (mount, checkout,
// doctor, ...), each defined in its own cmd_<name>.go file.
func extraCommands(g *globalOptions) []*cobra.Command {
	return []*cobra.Command{
		newMountCommand(g),
		newCheckoutCommand(g),
		newDoctorCommand(g),
		newCheckpointCommand(g),
		newEvidenceCommand(g),
		newDreamCommand(g),
		newContextCommand(g),
		newHookCommand(g),
		newInstallCommand(g),
		newDemoCommand(g),
		newServeCommand(g),
		newReviewCommand(g),
		newForgetCommand(g),
		newExportCommand(g),
		newImportCommand(g),
		newRemoteCommand(g),
		newPushCommand(g),
		newPullCommand(g),
	}
}
