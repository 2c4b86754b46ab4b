import Foundation

exit(WWDC.main(Array(CommandLine.arguments.dropFirst())).rawValue)
