// A stand-in for dotnet/macios' tools/common/Frameworks.cs, in its shape, for the generator's
// tests: the iOS list is the one CreateiOSFrameworks returns, not a call of it nor another list.
public class Frameworks {
	public static Frameworks GetiOSFrameworks (bool is_simulator_build)
	{
		if (ios_frameworks is null)
			ios_frameworks = CreateiOSFrameworks (is_simulator_build);
		return ios_frameworks;
	}

	public static Frameworks CreateiOSFrameworks (bool is_simulator_build)
	{
		return new Frameworks () {
				{ "UIKit", "UIKit", 3 },
				{ "CoreAnimation", "QuartzCore", 3 },
				{ "PdfKit", "PDFKit", 11 },
			};
	}

	public static Frameworks CreateMacFrameworks ()
	{
		return new Frameworks () {
				{ "AppKit", "AppKit", 10 },
			};
	}
}
