// What the package's README tells a Vite author to write.
import "bill-widget";
