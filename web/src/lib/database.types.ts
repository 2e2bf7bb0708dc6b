export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "13.0.5"
  }
  public: {
    Tables: {
      follows: {
        Row: {
          created_at: string
          followee_id: string
          follower_id: string
        }
        Insert: {
          created_at?: string
          followee_id: string
          follower_id?: string
        }
        Update: {
          created_at?: string
          followee_id?: string
          follower_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "follows_followee_id_fkey"
            columns: ["followee_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "follows_follower_id_fkey"
            columns: ["follower_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      list_follows: {
        Row: {
          created_at: string
          list_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          list_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          list_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "list_follows_list_id_fkey"
            columns: ["list_id"]
            isOneToOne: false
            referencedRelation: "lists"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "list_follows_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      list_members: {
        Row: {
          accepted_at: string | null
          created_at: string
          id: string
          invited_by: string | null
          list_id: string
          role: Database["public"]["Enums"]["list_role"]
          user_id: string
        }
        Insert: {
          accepted_at?: string | null
          created_at?: string
          id?: string
          invited_by?: string | null
          list_id: string
          role?: Database["public"]["Enums"]["list_role"]
          user_id: string
        }
        Update: {
          accepted_at?: string | null
          created_at?: string
          id?: string
          invited_by?: string | null
          list_id?: string
          role?: Database["public"]["Enums"]["list_role"]
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "list_members_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "list_members_list_id_fkey"
            columns: ["list_id"]
            isOneToOne: false
            referencedRelation: "lists"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "list_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      list_places: {
        Row: {
          added_by: string | null
          created_at: string
          id: string
          list_id: string
          note: string
          note_hidden_at: string | null
          place_id: string
          position: number
          source_url: string | null
          updated_at: string
        }
        Insert: {
          added_by?: string | null
          created_at?: string
          id?: string
          list_id: string
          note?: string
          note_hidden_at?: string | null
          place_id: string
          position?: number
          source_url?: string | null
          updated_at?: string
        }
        Update: {
          added_by?: string | null
          created_at?: string
          id?: string
          list_id?: string
          note?: string
          note_hidden_at?: string | null
          place_id?: string
          position?: number
          source_url?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "list_places_added_by_fkey"
            columns: ["added_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "list_places_list_id_fkey"
            columns: ["list_id"]
            isOneToOne: false
            referencedRelation: "lists"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "list_places_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
        ]
      }
      lists: {
        Row: {
          created_at: string
          description: string
          emoji: string | null
          hidden_at: string | null
          id: string
          name: string
          owner_id: string
          place_count: number
          updated_at: string
          visibility: Database["public"]["Enums"]["list_visibility"]
        }
        Insert: {
          created_at?: string
          description?: string
          emoji?: string | null
          hidden_at?: string | null
          id?: string
          name: string
          owner_id?: string
          place_count?: number
          updated_at?: string
          visibility?: Database["public"]["Enums"]["list_visibility"]
        }
        Update: {
          created_at?: string
          description?: string
          emoji?: string | null
          hidden_at?: string | null
          id?: string
          name?: string
          owner_id?: string
          place_count?: number
          updated_at?: string
          visibility?: Database["public"]["Enums"]["list_visibility"]
        }
        Relationships: [
          {
            foreignKeyName: "lists_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      moderation_actions: {
        Row: {
          action: Database["public"]["Enums"]["moderation_action_kind"]
          created_at: string
          details: Json
          id: string
          moderator_id: string | null
          reason: string
          target_id: string
          target_type: Database["public"]["Enums"]["moderation_target"]
        }
        Insert: {
          action: Database["public"]["Enums"]["moderation_action_kind"]
          created_at?: string
          details?: Json
          id?: string
          moderator_id?: string | null
          reason: string
          target_id: string
          target_type: Database["public"]["Enums"]["moderation_target"]
        }
        Update: {
          action?: Database["public"]["Enums"]["moderation_action_kind"]
          created_at?: string
          details?: Json
          id?: string
          moderator_id?: string | null
          reason?: string
          target_id?: string
          target_type?: Database["public"]["Enums"]["moderation_target"]
        }
        Relationships: [
          {
            foreignKeyName: "moderation_actions_moderator_id_fkey"
            columns: ["moderator_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notification_preferences: {
        Row: {
          created_at: string
          follow: boolean
          helpful: boolean
          list_invite: boolean
          moderation: boolean
          new_review: boolean
          place_edits: boolean
          reply: boolean
          reports: boolean
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          follow?: boolean
          helpful?: boolean
          list_invite?: boolean
          moderation?: boolean
          new_review?: boolean
          place_edits?: boolean
          reply?: boolean
          reports?: boolean
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          follow?: boolean
          helpful?: boolean
          list_invite?: boolean
          moderation?: boolean
          new_review?: boolean
          place_edits?: boolean
          reply?: boolean
          reports?: boolean
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notifications: {
        Row: {
          actor_count: number
          actor_id: string | null
          created_at: string
          id: string
          kind: Database["public"]["Enums"]["notification_kind"]
          list_id: string | null
          place_edit_id: string | null
          place_id: string | null
          read_at: string | null
          reason: string | null
          recipient_id: string
          reply_id: string | null
          report_id: string | null
          review_id: string | null
          target_id: string | null
          target_type: string | null
          updated_at: string
        }
        Insert: {
          actor_count?: number
          actor_id?: string | null
          created_at?: string
          id?: string
          kind: Database["public"]["Enums"]["notification_kind"]
          list_id?: string | null
          place_edit_id?: string | null
          place_id?: string | null
          read_at?: string | null
          reason?: string | null
          recipient_id: string
          reply_id?: string | null
          report_id?: string | null
          review_id?: string | null
          target_id?: string | null
          target_type?: string | null
          updated_at?: string
        }
        Update: {
          actor_count?: number
          actor_id?: string | null
          created_at?: string
          id?: string
          kind?: Database["public"]["Enums"]["notification_kind"]
          list_id?: string | null
          place_edit_id?: string | null
          place_id?: string | null
          read_at?: string | null
          reason?: string | null
          recipient_id?: string
          reply_id?: string | null
          report_id?: string | null
          review_id?: string | null
          target_id?: string | null
          target_type?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "notifications_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_list_id_fkey"
            columns: ["list_id"]
            isOneToOne: false
            referencedRelation: "lists"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_place_edit_id_fkey"
            columns: ["place_edit_id"]
            isOneToOne: false
            referencedRelation: "place_edits"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_recipient_id_fkey"
            columns: ["recipient_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_reply_id_fkey"
            columns: ["reply_id"]
            isOneToOne: false
            referencedRelation: "review_replies"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_report_id_fkey"
            columns: ["report_id"]
            isOneToOne: false
            referencedRelation: "reports"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_review_id_fkey"
            columns: ["review_id"]
            isOneToOne: false
            referencedRelation: "reviews"
            referencedColumns: ["id"]
          },
        ]
      }
      place_edits: {
        Row: {
          author_id: string | null
          changes: Json
          created_at: string
          decided_as: string | null
          decided_at: string | null
          decided_by: string | null
          id: string
          note: string
          place_id: string
          previous: Json
          reason: string | null
          status: Database["public"]["Enums"]["place_edit_status"]
        }
        Insert: {
          author_id?: string | null
          changes: Json
          created_at?: string
          decided_as?: string | null
          decided_at?: string | null
          decided_by?: string | null
          id?: string
          note?: string
          place_id: string
          previous: Json
          reason?: string | null
          status?: Database["public"]["Enums"]["place_edit_status"]
        }
        Update: {
          author_id?: string | null
          changes?: Json
          created_at?: string
          decided_as?: string | null
          decided_at?: string | null
          decided_by?: string | null
          id?: string
          note?: string
          place_id?: string
          previous?: Json
          reason?: string | null
          status?: Database["public"]["Enums"]["place_edit_status"]
        }
        Relationships: [
          {
            foreignKeyName: "place_edits_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "place_edits_decided_by_fkey"
            columns: ["decided_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "place_edits_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
        ]
      }
      places: {
        Row: {
          address: string | null
          category: Database["public"]["Enums"]["place_category"]
          cover_photo_path: string | null
          cover_photo_thumbhash: string | null
          created_at: string
          created_by: string | null
          description: string
          hidden_at: string | null
          id: string
          lat: number
          lng: number
          name: string
          opening_hours: Json | null
          phone: string | null
          photo_count: number
          price_level: number | null
          rating_avg: number
          rating_count: number
          time_zone: string | null
          updated_at: string
          website: string | null
        }
        Insert: {
          address?: string | null
          category: Database["public"]["Enums"]["place_category"]
          cover_photo_path?: string | null
          cover_photo_thumbhash?: string | null
          created_at?: string
          created_by?: string | null
          description?: string
          hidden_at?: string | null
          id?: string
          lat: number
          lng: number
          name: string
          opening_hours?: Json | null
          phone?: string | null
          photo_count?: number
          price_level?: number | null
          rating_avg?: number
          rating_count?: number
          time_zone?: string | null
          updated_at?: string
          website?: string | null
        }
        Update: {
          address?: string | null
          category?: Database["public"]["Enums"]["place_category"]
          cover_photo_path?: string | null
          cover_photo_thumbhash?: string | null
          created_at?: string
          created_by?: string | null
          description?: string
          hidden_at?: string | null
          id?: string
          lat?: number
          lng?: number
          name?: string
          opening_hours?: Json | null
          phone?: string | null
          photo_count?: number
          price_level?: number | null
          rating_avg?: number
          rating_count?: number
          time_zone?: string | null
          updated_at?: string
          website?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "places_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          avatar_path: string | null
          bio: string | null
          created_at: string
          display_name: string
          follower_count: number
          following_count: number
          id: string
          role: Database["public"]["Enums"]["user_role"]
          updated_at: string
          username: string
        }
        Insert: {
          avatar_path?: string | null
          bio?: string | null
          created_at?: string
          display_name: string
          follower_count?: number
          following_count?: number
          id: string
          role?: Database["public"]["Enums"]["user_role"]
          updated_at?: string
          username: string
        }
        Update: {
          avatar_path?: string | null
          bio?: string | null
          created_at?: string
          display_name?: string
          follower_count?: number
          following_count?: number
          id?: string
          role?: Database["public"]["Enums"]["user_role"]
          updated_at?: string
          username?: string
        }
        Relationships: []
      }
      reports: {
        Row: {
          created_at: string
          id: string
          note: string | null
          reason: Database["public"]["Enums"]["report_reason"]
          reporter_id: string | null
          resolved_at: string | null
          resolved_by: string | null
          status: Database["public"]["Enums"]["report_status"]
          target_id: string
          target_type: Database["public"]["Enums"]["content_type"]
        }
        Insert: {
          created_at?: string
          id?: string
          note?: string | null
          reason: Database["public"]["Enums"]["report_reason"]
          reporter_id?: string | null
          resolved_at?: string | null
          resolved_by?: string | null
          status?: Database["public"]["Enums"]["report_status"]
          target_id: string
          target_type: Database["public"]["Enums"]["content_type"]
        }
        Update: {
          created_at?: string
          id?: string
          note?: string | null
          reason?: Database["public"]["Enums"]["report_reason"]
          reporter_id?: string | null
          resolved_at?: string | null
          resolved_by?: string | null
          status?: Database["public"]["Enums"]["report_status"]
          target_id?: string
          target_type?: Database["public"]["Enums"]["content_type"]
        }
        Relationships: [
          {
            foreignKeyName: "reports_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_resolved_by_fkey"
            columns: ["resolved_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      review_photos: {
        Row: {
          alt: string
          created_at: string
          height: number | null
          hidden_at: string | null
          id: string
          path: string
          place_id: string
          review_id: string
          thumbhash: string | null
          uploader_id: string
          width: number | null
        }
        Insert: {
          alt: string
          created_at?: string
          height?: number | null
          hidden_at?: string | null
          id?: string
          path: string
          place_id: string
          review_id: string
          thumbhash?: string | null
          uploader_id?: string
          width?: number | null
        }
        Update: {
          alt?: string
          created_at?: string
          height?: number | null
          hidden_at?: string | null
          id?: string
          path?: string
          place_id?: string
          review_id?: string
          thumbhash?: string | null
          uploader_id?: string
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "review_photos_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "review_photos_review_id_fkey"
            columns: ["review_id"]
            isOneToOne: false
            referencedRelation: "reviews"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "review_photos_uploader_id_fkey"
            columns: ["uploader_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      review_replies: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          hidden_at: string | null
          id: string
          review_id: string
          updated_at: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          hidden_at?: string | null
          id?: string
          review_id: string
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          hidden_at?: string | null
          id?: string
          review_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "review_replies_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "review_replies_review_id_fkey"
            columns: ["review_id"]
            isOneToOne: false
            referencedRelation: "reviews"
            referencedColumns: ["id"]
          },
        ]
      }
      review_votes: {
        Row: {
          created_at: string
          review_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          review_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          review_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "review_votes_review_id_fkey"
            columns: ["review_id"]
            isOneToOne: false
            referencedRelation: "reviews"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "review_votes_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      reviews: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          helpful_count: number
          hidden_at: string | null
          id: string
          place_id: string
          rating: number
          reply_count: number
          updated_at: string
          visited_on: string | null
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          helpful_count?: number
          hidden_at?: string | null
          id?: string
          place_id: string
          rating: number
          reply_count?: number
          updated_at?: string
          visited_on?: string | null
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          helpful_count?: number
          hidden_at?: string | null
          id?: string
          place_id?: string
          rating?: number
          reply_count?: number
          updated_at?: string
          visited_on?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "reviews_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reviews_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
        ]
      }
      stars: {
        Row: {
          created_at: string
          place_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          place_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          place_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "stars_place_id_fkey"
            columns: ["place_id"]
            isOneToOne: false
            referencedRelation: "places"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "stars_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      moderation_log: {
        Row: {
          action: Database["public"]["Enums"]["moderation_action_kind"] | null
          created_at: string | null
          details: Json | null
          id: string | null
          reason: string | null
          target_id: string | null
          target_type: Database["public"]["Enums"]["moderation_target"] | null
        }
        Relationships: []
      }
    }
    Functions: {
      decide_place_edit: {
        Args: { edit_id: string; accept: boolean; reason?: string }
        Returns: {
          author_id: string | null
          changes: Json
          created_at: string
          decided_as: string | null
          decided_at: string | null
          decided_by: string | null
          id: string
          note: string
          place_id: string
          previous: Json
          reason: string | null
          status: Database["public"]["Enums"]["place_edit_status"]
        }
      }
      delete_account: {
        Args: { user_id: string; reviews: string }
        Returns: number
      }
      discover_reviews: {
        Args: {
          lat?: number
          lng?: number
          before_created_at?: string
          before_id?: string
          max_results?: number
        }
        Returns: {
          kind: string
          id: string
          created_at: string
          author_id: string
          author_username: string
          author_display_name: string
          author_avatar_path: string
          place_id: string
          place_name: string
          place_category: Database["public"]["Enums"]["place_category"]
          rating: number
          body: string
          helpful_count: number
          reply_count: number
        }[]
      }
      hide_content: {
        Args: {
          target_type: Database["public"]["Enums"]["content_type"]
          target_id: string
          reason: string
        }
        Returns: {
          action: Database["public"]["Enums"]["moderation_action_kind"]
          created_at: string
          details: Json
          id: string
          moderator_id: string | null
          reason: string
          target_id: string
          target_type: Database["public"]["Enums"]["moderation_target"]
        }
      }
      list_delete_summary: {
        Args: { list_id: string }
        Returns: {
          places: number
          notes: number
          followers: number
          members: number
        }[]
      }
      list_notes_for_moderation: {
        Args: { ids?: string[] }
        Returns: {
          id: string
          list_id: string
          list_name: string
          note: string
          hidden_at: string
          created_at: string
          author_username: string
          author_display_name: string
        }[]
      }
      match_places: {
        Args: { names: string[]; lats: number[]; lngs: number[] }
        Returns: { row_index: number; id: string; name: string }[]
      }
      match_places_by_name: {
        Args: { names: string[]; addresses: string[] }
        Returns: {
          row_index: number
          id: string
          name: string
          address: string
          lat: number
          lng: number
          matched_by: string
        }[]
      }
      member_feed: {
        Args: {
          before_created_at?: string
          before_id?: string
          max_results?: number
        }
        Returns: {
          kind: string
          id: string
          created_at: string
          author_id: string
          author_username: string
          author_display_name: string
          author_avatar_path: string
          place_id: string
          place_name: string
          place_category: Database["public"]["Enums"]["place_category"]
          rating: number
          body: string
          helpful_count: number
          reply_count: number
        }[]
      }
      member_left: {
        Args: { username: string }
        Returns: boolean
      }
      my_list_notes: {
        Args: Record<PropertyKey, never>
        Returns: { id: string; note: string }[]
      }
      open_list: {
        Args: { list_id: string }
        Returns: Json
      }
      place_edit_standing: {
        Args: { place_id: string }
        Returns: string
      }
      place_rating_histogram: {
        Args: { place_id: string }
        Returns: { rating: number; count: number }[]
      }
      places_in_view: {
        Args: {
          min_lat: number
          min_lng: number
          max_lat: number
          max_lng: number
          category?: Database["public"]["Enums"]["place_category"]
          min_rating?: number
          starred_only?: boolean
          max_results?: number
          open_now?: boolean
        }
        Returns: {
          address: string | null
          category: Database["public"]["Enums"]["place_category"]
          cover_photo_path: string | null
          cover_photo_thumbhash: string | null
          created_at: string
          created_by: string | null
          description: string
          hidden_at: string | null
          id: string
          lat: number
          lng: number
          name: string
          opening_hours: Json | null
          phone: string | null
          photo_count: number
          price_level: number | null
          rating_avg: number
          rating_count: number
          time_zone: string | null
          updated_at: string
          website: string | null
        }[]
      }
      places_nearby: {
        Args: {
          lat: number
          lng: number
          radius_km?: number
          category?: Database["public"]["Enums"]["place_category"]
          min_rating?: number
          max_results?: number
          open_now?: boolean
        }
        Returns: Database["public"]["CompositeTypes"]["place_with_distance"][]
      }
      restore_content: {
        Args: {
          target_type: Database["public"]["Enums"]["content_type"]
          target_id: string
          reason: string
        }
        Returns: {
          action: Database["public"]["Enums"]["moderation_action_kind"]
          created_at: string
          details: Json
          id: string
          moderator_id: string | null
          reason: string
          target_id: string
          target_type: Database["public"]["Enums"]["moderation_target"]
        }
      }
      search_places: {
        Args: { q: string; max_results?: number; open_now?: boolean }
        Returns: {
          id: string
          name: string
          category: Database["public"]["Enums"]["place_category"]
          description: string
          address: string
          lat: number
          lng: number
          created_by: string
          created_at: string
          updated_at: string
          rating_avg: number
          rating_count: number
          photo_count: number
          hidden_at: string
          rank: number
          time_zone: string
          opening_hours: Json
          phone: string
          website: string
          price_level: number
        }[]
      }
      set_role: {
        Args: {
          user_id: string
          role: Database["public"]["Enums"]["user_role"]
        }
        Returns: {
          action: Database["public"]["Enums"]["moderation_action_kind"]
          created_at: string
          details: Json
          id: string
          moderator_id: string | null
          reason: string
          target_id: string
          target_type: Database["public"]["Enums"]["moderation_target"]
        }
      }
      similar_places: {
        Args: { name: string; lat: number; lng: number; radius_m?: number }
        Returns: Database["public"]["CompositeTypes"]["place_with_distance"][]
      }
      suggest_place_edit: {
        Args: { place_id: string; changes: Json; note?: string }
        Returns: {
          author_id: string | null
          changes: Json
          created_at: string
          decided_as: string | null
          decided_at: string | null
          decided_by: string | null
          id: string
          note: string
          place_id: string
          previous: Json
          reason: string | null
          status: Database["public"]["Enums"]["place_edit_status"]
        }
      }
      unread_notification_count: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
    }
    Enums: {
      content_type:
        "place" | "review" | "photo" | "reply" | "list" | "list_note"
      list_role: "editor" | "viewer"
      list_visibility: "private" | "unlisted" | "public"
      moderation_action_kind: "hide" | "restore" | "role_change"
      moderation_target:
        | "place"
        | "review"
        | "photo"
        | "profile"
        | "reply"
        | "list"
        | "list_note"
      notification_kind:
        | "reply"
        | "helpful"
        | "follow"
        | "new_review"
        | "content_hidden"
        | "content_restored"
        | "report_resolved"
        | "report_dismissed"
        | "list_invite"
        | "edit_suggested"
        | "edit_accepted"
        | "edit_rejected"
        | "list_private"
      place_category:
        | "cafe"
        | "restaurant"
        | "bar"
        | "park"
        | "museum"
        | "shop"
        | "viewpoint"
        | "venue"
        | "other"
      place_edit_status: "pending" | "accepted" | "rejected" | "applied"
      report_reason:
        | "spam"
        | "offensive"
        | "wrong_info"
        | "closed_or_moved"
        | "duplicate"
        | "other"
      report_status: "open" | "resolved" | "dismissed"
      user_role: "member" | "moderator" | "admin"
    }
    CompositeTypes: {
      place_with_distance: {
        id: string | null
        name: string | null
        category: Database["public"]["Enums"]["place_category"] | null
        description: string | null
        address: string | null
        lat: number | null
        lng: number | null
        created_by: string | null
        created_at: string | null
        updated_at: string | null
        rating_avg: number | null
        rating_count: number | null
        photo_count: number | null
        hidden_at: string | null
        distance_km: number | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      content_type: ["place", "review", "photo", "reply", "list", "list_note"],
      list_role: ["editor", "viewer"],
      list_visibility: ["private", "unlisted", "public"],
      moderation_action_kind: ["hide", "restore", "role_change"],
      moderation_target: [
        "place",
        "review",
        "photo",
        "profile",
        "reply",
        "list",
        "list_note",
      ],
      notification_kind: [
        "reply",
        "helpful",
        "follow",
        "new_review",
        "content_hidden",
        "content_restored",
        "report_resolved",
        "report_dismissed",
        "list_invite",
        "edit_suggested",
        "edit_accepted",
        "edit_rejected",
        "list_private",
      ],
      place_category: [
        "cafe",
        "restaurant",
        "bar",
        "park",
        "museum",
        "shop",
        "viewpoint",
        "venue",
        "other",
      ],
      place_edit_status: ["pending", "accepted", "rejected", "applied"],
      report_reason: [
        "spam",
        "offensive",
        "wrong_info",
        "closed_or_moved",
        "duplicate",
        "other",
      ],
      report_status: ["open", "resolved", "dismissed"],
      user_role: ["member", "moderator", "admin"],
    },
  },
} as const
