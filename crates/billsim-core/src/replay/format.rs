//! A log's format: its name, its label, and how `--format` reads it.

use crate::replay::row::Field;
use crate::settings::{shown, FieldError, Invalid};

/// A log's format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Generic,
    LiteLlm,
    Helicone,
    Langfuse,
    Otlp,
}

pub const FORMATS_ALLOWED: &str = "\"generic\", \"litellm\", \"helicone\", \"langfuse\" or \"otlp\"";

impl Format {
    pub const ALL: [Format; 5] = [Format::Generic, Format::LiteLlm, Format::Helicone, Format::Langfuse, Format::Otlp];

    pub fn name(self) -> &'static str {
        match self {
            Format::Generic => "generic",
            Format::LiteLlm => "litellm",
            Format::Helicone => "helicone",
            Format::Langfuse => "langfuse",
            Format::Otlp => "otlp",
        }
    }

    /// What a reader calls it.
    pub fn label(self) -> &'static str {
        match self {
            Format::Generic => "a generic log",
            Format::LiteLlm => "LiteLLM spend logs",
            Format::Helicone => "a Helicone export",
            Format::Langfuse => "Langfuse observations",
            Format::Otlp => "OpenTelemetry GenAI spans (OTLP/JSON)",
        }
    }

    /// Where the format names a call's user, for a log whose calls name none: what to
    /// send or export so that the next log does.
    pub fn where_users_are(self) -> &'static str {
        match self {
            Format::Generic => "a generic log names it in its user column (else its api_key)",
            Format::LiteLlm => {
                "LiteLLM logs the request's user field as its end_user, and the virtual key's user as its user"
            }
            Format::Helicone => "Helicone logs the request's Helicone-User-Id header as its user",
            Format::Langfuse => {
                "Langfuse keeps a call's user on its trace, and its observations API does not give it: a trace \
                 downloaded whole (GET /api/public/traces/{id}) gives its userId to its calls"
            }
            Format::Otlp => "OpenTelemetry names it in a span's (or its resource's) enduser.id or user.id attribute",
        }
    }

    /// What to add to "`name`: empty or null", where a row of this format has its `field`
    /// so: how to export the field where the format's own tool leaves it out.
    pub fn where_empty(self, field: Field, name: &str) -> &'static str {
        match self {
            // Helicone's export tool leaves its CSV's model empty, and its request body is a
            // note of where the body was unless it is asked for.
            Format::Helicone if field == Field::Model && name.contains("request_body") => {
                " (Helicone's export tool writes the model only in the request body: export with --include-body, \
                 or as JSON lines, which name request_model)"
            }
            _ => "",
        }
    }

    /// The format named `text`.
    ///
    /// ```
    /// use billsim_core::replay::Format;
    /// assert_eq!(Format::parse("litellm"), Ok(Format::LiteLlm));
    /// assert_eq!(Format::parse("csv").unwrap_err().to_string(),
    ///     "format: must be \"generic\", \"litellm\", \"helicone\", \"langfuse\" or \"otlp\"; got \"csv\"");
    /// ```
    pub fn parse(text: &str) -> Result<Format, FieldError> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == text.trim())
            .ok_or_else(|| Invalid { allowed: FORMATS_ALLOWED, got: shown(text) }.on("format"))
    }
}
