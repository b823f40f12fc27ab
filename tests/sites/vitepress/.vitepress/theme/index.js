// The package imported site-wide, as the package's README says.
import DefaultTheme from "vitepress/theme";
import "bill-widget";

export default DefaultTheme;
